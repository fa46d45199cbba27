/// Arithmetic in GF(2⁸) built on the QR Code's primitive polynomial x⁸ + x⁴ + x³ + x² + 1
/// (0x11D), ISO/IEC 18004:2015 §7.5.2 and Annex A; α = 2 generates the multiplicative group.
///
/// Addition is XOR. Multiplication goes through the exp/log tables, which a Reed–Solomon
/// decoder (syndromes, Berlekamp–Massey, Forney) reuses as they are.
enum GaloisField256 {
    /// The primitive polynomial, with the x⁸ term.
    static let primitivePolynomial = 0x11D

    /// `exp[i]` = αⁱ for i in 0..<510: the table is doubled so that `exp[log a + log b]`
    /// needs no `% 255` in the inner loop of the encoder.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            table[i + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= primitivePolynomial }
        }
        return table
    }()

    /// `log[a]` = i with αⁱ = a, for a in 1...255; `log[0]` is meaningless (0).
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    /// αⁿ for any n ≥ 0.
    @inline(__always)
    static func power(_ exponent: Int) -> UInt8 { exp[exponent % 255] }

    @inline(__always)
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }

    /// The multiplicative inverse; zero has none.
    static func inverse(_ a: UInt8) -> UInt8 {
        precondition(a != 0, "zero has no inverse in GF(256)")
        return exp[255 - log[Int(a)]]
    }

    static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        precondition(b != 0, "division by zero in GF(256)")
        if a == 0 { return 0 }
        return exp[log[Int(a)] + 255 - log[Int(b)]]
    }
}
