/// Reads a most-significant-bit-first bit stream out of the data codewords (§7.4.1).
struct QRBitReader: Sendable {
    private let bytes: [UInt8]
    private let bitCount: Int
    /// Bits read so far; the bit position error messages report.
    private(set) var position = 0

    /// `bitCount`: where the stream ends when the last codeword is not whole (Micro QR M1
    /// and M3 end their data with a 4-bit codeword).
    init(_ bytes: [UInt8], bitCount: Int? = nil) {
        self.bytes = bytes
        self.bitCount = min(bitCount ?? bytes.count * 8, bytes.count * 8)
    }

    var remaining: Int { bitCount - position }

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
