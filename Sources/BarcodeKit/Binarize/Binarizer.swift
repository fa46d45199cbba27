/// Turns a grey image into ink and paper (`true` is dark), the input of every detector.
///
/// Two methods, for two kinds of pictures:
/// - ``globalHistogram(_:)`` (and ``globalHistogramRow(_:y:)`` for 1-D readers): one threshold,
///   at the valley between the histogram's ink and paper peaks. Exact on scans and clean
///   renderings, cheap, and it gives up (`nil`) instead of guessing when there is no valley.
/// - ``hybrid(_:)``: a threshold per 8 × 8 block from the mean brightness around it, for photos
///   under uneven light, where the paper in a shadow is darker than the ink in the light.
public enum Binarizer {
    /// The whole image against one valley threshold; `nil` when its histogram has no two
    /// separate peaks (see ``LuminanceHistogram``).
    public static func globalHistogram(_ image: GrayImage) -> BinaryImage? {
        // Unsafe buffers: the loops below run once per pixel, and array indexing would check
        // bounds and uniqueness on each of them (several times slower in release builds).
        image.pixels.withUnsafeBufferPointer { pixels -> BinaryImage? in
            guard let threshold = LuminanceHistogram(pixels, count: pixels.count).valleyThreshold() else { return nil }
            let bits = [Bool](unsafeUninitializedCapacity: pixels.count) { bits, initialized in
                for index in 0..<pixels.count { bits[index] = pixels[index] <= threshold }
                initialized = pixels.count
            }
            return BinaryImage(width: image.width, height: image.height, bits: bits)
        }
    }

    /// One row against the valley threshold of that row's own histogram: a 1-D reader scans
    /// rows one by one, and light across a long, thin barcode changes less along a row than
    /// across the whole picture. `nil` when the row has no two peaks or `y` is outside the image.
    public static func globalHistogramRow(_ image: GrayImage, y: Int) -> [Bool]? {
        guard (0..<image.height).contains(y) else { return nil }
        return image.pixels.withUnsafeBufferPointer { pixels -> [Bool]? in
            let start = y * image.width
            guard let threshold = LuminanceHistogram(pixels, start: start, count: image.width).valleyThreshold() else { return nil }
            return (start..<(start + image.width)).map { pixels[$0] <= threshold }
        }
    }

    /// Block-wise local thresholds (see ``HybridBinarizer``). Always gives an image: a picture
    /// without contrast anywhere comes out all light.
    public static func hybrid(_ image: GrayImage) -> BinaryImage {
        HybridBinarizer.binarize(image)
    }
}
