/// Binary Portable GrayMap ("P5"), the plain greyscale format of Netpbm: a text header
/// (`P5`, width, height, maxval, each after whitespace or `#` comments) then one raster of
/// height × width samples, one byte each when maxval < 256 and two (most significant first)
/// otherwise (Netpbm pgm(5)). Samples are scaled from 0…maxval to 0…255.
enum PortableGraymap {
    static let format = "PGM"

    static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == UInt8(ascii: "P") && bytes[1] == UInt8(ascii: "5") && isWhitespace(bytes[2])
    }

    /// Decodes the first image of a P5 file. The header alone decides nothing: the pixel count
    /// is checked against `maximumPixelCount` and the data's length before any allocation.
    static func decode(_ bytes: [UInt8], maximumPixelCount: Int) throws(ImageError) -> GrayImage {
        guard hasSignature(bytes) else { throw ImageError.unknownFormat }
        var reader = HeaderReader(bytes: bytes, position: 2)
        let width = try reader.number(named: "width")
        let height = try reader.number(named: "height")
        let maxval = try reader.number(named: "maxval")
        // Exactly one whitespace character separates maxval from the raster, which may itself
        // begin with bytes that look like whitespace.
        guard reader.position < bytes.count, isWhitespace(bytes[reader.position]) else {
            throw corrupt("the header ends without the whitespace that precedes the pixels")
        }
        let rasterStart = reader.position + 1
        guard width > 0, height > 0 else { throw ImageError.empty(width: width, height: height) }
        guard width <= maximumPixelCount, height <= maximumPixelCount, width * height <= maximumPixelCount else {
            throw ImageError.tooLarge(width: width, height: height, limit: maximumPixelCount)
        }
        guard (1...65535).contains(maxval) else {
            throw corrupt("the maximum grey value is \(maxval); it must be 1 to 65535")
        }
        let count = width * height
        let bytesPerSample = maxval < 256 ? 1 : 2
        let available = (bytes.count - rasterStart) / bytesPerSample
        guard available >= count else {
            throw corrupt("the file ends after \(available / width) of the image's \(height) rows")
        }
        if maxval == 255 {
            return try GrayImage(width: width, height: height, pixels: Array(bytes[rasterStart..<(rasterStart + count)]))
        }
        let pixels = bytes.withUnsafeBufferPointer { data in
            [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
                for index in 0..<count {
                    let offset = rasterStart + index * bytesPerSample
                    let sample = bytesPerSample == 1 ? Int(data[offset]) : Int(data[offset]) << 8 | Int(data[offset + 1])
                    // Rounded scaling; a sample above maxval (invalid) is read as white.
                    output[index] = UInt8(min(255, (sample * 255 + maxval / 2) / maxval))
                }
                initialized = count
            }
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        // pgm(5): blanks, TABs, CRs, LFs (and, as Netpbm reads them, VT and FF).
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func corrupt(_ reason: String) -> ImageError {
        ImageError.corrupt(format: format, reason: reason)
    }

    /// Reads the header's decimal numbers, skipping whitespace and comments before each.
    private struct HeaderReader {
        let bytes: [UInt8]
        var position: Int

        /// Larger values are held at this cap: they fail the size check all the same, and the
        /// sum cannot overflow.
        private static let cap = 1 << 40

        mutating func number(named name: String) throws(ImageError) -> Int {
            skipWhitespaceAndComments()
            var value = 0
            var digits = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value = min(Self.cap, value * 10 + Int(bytes[position] - UInt8(ascii: "0")))
                digits += 1
                position += 1
            }
            guard digits > 0 else {
                throw PortableGraymap.corrupt(position < bytes.count ? "the header's \(name) is not a number" : "the file ends inside the header, before the \(name)")
            }
            return value
        }

        private mutating func skipWhitespaceAndComments() {
            while position < bytes.count {
                if PortableGraymap.isWhitespace(bytes[position]) {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    return
                }
            }
        }
    }
}
