/// A most-significant-bit-first bit stream packed into bytes, as QR codewords are (§7.4.1).
struct QRBitBuffer: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var bitCount = 0

    init(reservingBits bits: Int = 0) {
        bytes.reserveCapacity((bits + 7) / 8)
    }

    /// Appends the low `count` bits of `value`, highest first.
    mutating func append(_ value: UInt32, bits count: Int) {
        precondition((0...32).contains(count) && (count == 32 || value >> UInt32(count) == 0), "value does not fit")
        var remaining = count
        while remaining > 0 {
            let used = bitCount & 7
            if used == 0 { bytes.append(0) }
            let take = min(8 - used, remaining)
            let chunk = UInt8(truncatingIfNeeded: value >> UInt32(remaining - take)) & UInt8((1 << take) - 1)
            bytes[bytes.count - 1] |= chunk << UInt8(8 - used - take)
            remaining -= take
            bitCount += take
        }
    }
}
