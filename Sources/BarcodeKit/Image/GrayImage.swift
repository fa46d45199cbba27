/// An 8-bit greyscale image, row by row from the top-left corner: 0 is black, 255 white.
///
/// Every decoder reads this one type, whatever file the pixels came from.
public struct GrayImage: Sendable, Hashable {
    /// The largest image the decoders accept, in pixels (64 megapixels, e.g. 8000 × 8000):
    /// larger than any phone photo, small enough that the working copies of a decode stay
    /// well under a gigabyte. A file header must not decide an allocation on its own.
    public static let maximumPixelCount = 64_000_000

    public let width: Int
    public let height: Int
    public private(set) var pixels: [UInt8]

    /// `pixels` must hold exactly `width × height` values.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width > 0, height > 0 else { throw ImageError.empty(width: width, height: height) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= Self.maximumPixelCount,
              width <= Self.maximumPixelCount, height <= Self.maximumPixelCount
        else { throw ImageError.tooLarge(width: width, height: height, limit: Self.maximumPixelCount) }
        guard pixels.count == width * height else {
            throw ImageError.wrongPixelCount(pixels.count, width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image the caller has already checked; for transforms of a valid image.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The image turned a quarter turn clockwise (width and height swap).
    public func rotatedClockwise() -> GrayImage {
        let newWidth = height
        let (width, height) = (self.width, self.height)
        // Tile by tile, so that the writes down each column of the turned image stay within a
        // few cache lines; unsafe buffers, because checked indexing cost more than the copy.
        let tile = 32
        let rotated = [UInt8](unsafeUninitializedCapacity: pixels.count) { rotated, initialized in
            pixels.withUnsafeBufferPointer { pixels in
                for top in stride(from: 0, to: height, by: tile) {
                    for left in stride(from: 0, to: width, by: tile) {
                        for y in top..<min(top + tile, height) {
                            let row = y * width
                            let column = newWidth - 1 - y
                            for x in left..<min(left + tile, width) { rotated[x * newWidth + column] = pixels[row + x] }
                        }
                    }
                }
            }
            initialized = pixels.count
        }
        return GrayImage(uncheckedWidth: newWidth, height: width, pixels: rotated)
    }

    /// The photographic negative: light codes on a dark ground become ordinary ones.
    public func inverted() -> GrayImage {
        let negative = [UInt8](unsafeUninitializedCapacity: pixels.count) { negative, initialized in
            pixels.withUnsafeBufferPointer { pixels in
                for index in 0..<pixels.count { negative[index] = 255 &- pixels[index] }
            }
            initialized = pixels.count
        }
        return GrayImage(uncheckedWidth: width, height: height, pixels: negative)
    }
}
