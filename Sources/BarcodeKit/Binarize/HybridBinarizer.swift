/// Local thresholds for photos under uneven light.
///
/// The image is cut into 8 × 8 blocks, each summarised by its mean and its strongest edge
/// (the range of its pixels, or the step to the next block's mean). Where a block or one of
/// its neighbours within two blocks (a 40-pixel window) has an edge of at least
/// ``minimumContrast`` levels, there is ink next to paper: the block's threshold is halfway
/// between the darkest and lightest block means one block further out, which stays between
/// ink and paper whatever share of the window each covers, while the light changes slowly
/// enough across 56 pixels. Without an edge nearby, a block lies wholly in ink or wholly in
/// paper, and a threshold from its own pixels would turn noise into speckle; it is taken whole,
/// dark when its mean is at or below the threshold of the nearest block that has contrast, so
/// the middle of a large dark module stays dark and a quiet zone stays light. With no edge
/// anywhere the image is all light.
///
/// What defeats it: a shadow whose edge is as sharp as the print's (more than about three
/// grey levels per pixel) is an edge like any other, and paper on its dark side near it reads
/// as ink.
///
/// Images under 40 pixels in either direction have no room for the window; they are read
/// with the global histogram threshold, or the mid-range when there is no valley.
enum HybridBinarizer {
    /// One row of a block's pixels, loaded as a single vector.
    typealias BlockRow = SIMD8<UInt8>
    static let blockSize = BlockRow.scalarCount
    /// Blocks on each side within which an edge gives a block contrast (5 × 5 in all); the
    /// means that set its threshold reach one block further.
    static let neighbourhoodRadius = 2
    /// A step smaller than this is noise (sensor, JPEG ringing) or shading, not an edge.
    static let minimumContrast = 24
    static let minimumSide = blockSize * (2 * neighbourhoodRadius + 1)

    static func binarize(_ image: GrayImage) -> BinaryImage {
        binarize(image, budget: nil) ?? smallImage(image)
    }

    /// As ``binarize(_:)``, or `nil` once `budget` is spent: the clock is read before each row of
    /// blocks, both while gathering the block statistics and while thresholding, since on a
    /// 25-megapixel photo this pass alone is a large share of a decode.
    static func binarize(_ image: GrayImage, budget: DecodeBudget?) -> BinaryImage? {
        guard image.width >= minimumSide, image.height >= minimumSide else { return smallImage(image) }
        if budget?.isSpent == true { return nil }
        // Unsafe buffers throughout: every loop here runs per pixel or per block, and checked
        // array indexing would cost several times the arithmetic.
        var spent = false
        let binary = image.pixels.withUnsafeBufferPointer { pixels -> BinaryImage? in
            let grid = BlockGrid(width: image.width, height: image.height)
            guard let statistics = BlockStatistics(grid: grid, pixels: pixels, budget: budget) else { return nil }
            let thresholds = statistics.thresholds()
            let bits = [Bool](unsafeUninitializedCapacity: pixels.count) { bits, initialized in
                // A block row at a time, as one vector compared lane-wise and stored as eight
                // Bool bytes (0 or 1).
                let bytes = UnsafeRawBufferPointer(pixels)
                let output = UnsafeMutableRawPointer(bits.baseAddress!)
                let (dark, light) = (BlockRow(repeating: 1), BlockRow(repeating: 0))
                thresholds.withUnsafeBufferPointer { thresholds in
                    for blockY in 0..<grid.rows {
                        if budget?.isSpent == true {
                            // Abandoned: every byte made a valid Bool, and the image is thrown away.
                            UnsafeMutableRawBufferPointer(bits).initializeMemory(as: UInt8.self, repeating: 0)
                            spent = true
                            break
                        }
                        for blockX in 0..<grid.columns {
                            let threshold = thresholds[blockY * grid.columns + blockX]
                            let limit = BlockRow(repeating: UInt8(clamping: threshold))
                            let left = grid.left(blockX), top = grid.top(blockY)
                            for y in top..<(top + blockSize) {
                                let offset = y * image.width + left
                                let row: BlockRow
                                if threshold < 0 {
                                    row = light
                                } else {
                                    let lane = bytes.loadUnaligned(fromByteOffset: offset, as: BlockRow.self)
                                    row = light.replacing(with: dark, where: lane .<= limit)
                                }
                                output.storeBytes(of: row, toByteOffset: offset, as: BlockRow.self)
                            }
                        }
                    }
                }
                initialized = pixels.count
            }
            return BinaryImage(width: image.width, height: image.height, bits: bits)
        }
        return spent ? nil : binary
    }

    private static func smallImage(_ image: GrayImage) -> BinaryImage {
        if let binary = Binarizer.globalHistogram(image) { return binary }
        let darkest = Int(image.pixels.min() ?? 0), lightest = Int(image.pixels.max() ?? 0)
        guard lightest - darkest >= minimumContrast else { return BinaryImage(width: image.width, height: image.height) }
        let threshold = (darkest + lightest) / 2
        return BinaryImage(width: image.width, height: image.height, bits: image.pixels.map { Int($0) <= threshold })
    }

    /// Blocks of `blockSize` pixels covering the image; where the size is not a multiple of
    /// the block size, the last block of a row or column overlaps the one before it.
    struct BlockGrid {
        let width: Int
        let height: Int
        var columns: Int { (width + blockSize - 1) / blockSize }
        var rows: Int { (height + blockSize - 1) / blockSize }

        func left(_ column: Int) -> Int { min(column * blockSize, width - blockSize) }
        func top(_ row: Int) -> Int { min(row * blockSize, height - blockSize) }
    }
}
