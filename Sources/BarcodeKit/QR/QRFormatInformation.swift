/// The BCH-protected format and version information (ISO/IEC 18004:2015 §7.9, §7.10,
/// Annexes C and D).
enum QRFormatInformation {
    /// Generator of the (15,5) BCH code: x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1.
    static let formatGenerator = 0x537
    /// XOR applied so the format information is never all zero (§7.9.1).
    static let formatMask = 0x5412
    /// Generator of the (18,6) BCH code: x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static let versionGenerator = 0x1F25

    /// The 15 format bits, bit 14 first: level (2 bits), mask (3 bits), 10 BCH bits, masked.
    static func formatBits(ecc: QRErrorCorrection, mask: Int) -> Int {
        let data = ecc.formatBits << 3 | mask
        return (data << 10 | remainder(of: data << 10, generator: formatGenerator, degree: 10)) ^ formatMask
    }

    /// The 18 version bits for versions 7...40: version (6 bits) then 12 BCH bits.
    static func versionBits(version: Int) -> Int {
        version << 12 | remainder(of: version << 12, generator: versionGenerator, degree: 12)
    }

    /// Polynomial remainder over GF(2).
    static func remainder(of value: Int, generator: Int, degree: Int) -> Int {
        var value = value
        var bit = value.bitWidth - value.leadingZeroBitCount - 1
        while bit >= degree {
            if value >> bit & 1 == 1 { value ^= generator << (bit - degree) }
            bit -= 1
        }
        return value
    }
}
