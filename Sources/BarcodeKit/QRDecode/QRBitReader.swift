/// Reads a most-significant-bit-first bit stream out of the data codewords (§7.4.1).
struct QRBitReader: Sendable {
    private let bytes: [UInt8]
    /// Bits read so far; the bit position error messages report.
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count * 8 - position }

    /// The next `count` bits (0…32) as an integer, or nil when fewer remain.
    mutating func read(_ count: Int) -> Int? {
        guard count <= remaining else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }
}
