/// Systematic Reed–Solomon encoding over GF(256) as ISO/IEC 18004:2015 §7.5.2 prescribes:
/// the error-correction codewords are the remainder of data(x)·xⁿ divided by the generator
/// g(x) = (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
enum ReedSolomon {
    /// The largest number of error-correction codewords in one QR block (Table 9).
    static let maximumDegree = 30

    /// g(x) for each degree 0...30, coefficients highest power first, leading 1 included.
    /// Computed once; only degrees 7...30 occur in QR Code.
    static let generators: [[UInt8]] = {
        var all: [[UInt8]] = [[1]]
        var polynomial: [UInt8] = [1]
        for degree in 1...maximumDegree {
            // Multiply by (x − α^(degree−1)); in characteristic 2, minus is plus.
            let root = GaloisField256.power(degree - 1)
            var next = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (i, coefficient) in polynomial.enumerated() {
                next[i] ^= coefficient
                next[i + 1] ^= GaloisField256.multiply(coefficient, root)
            }
            polynomial = next
            all.append(polynomial)
        }
        return all
    }()

    /// The generator polynomial of the given degree, highest power first.
    static func generator(degree: Int) -> [UInt8] {
        precondition((1...maximumDegree).contains(degree), "QR blocks use 7...30 EC codewords")
        return generators[degree]
    }

    /// The `degree` error-correction codewords for `data`, by polynomial long division
    /// (a shift register: one pass over the data, `degree` multiplications per codeword).
    static func errorCorrection<Data: Collection<UInt8>>(for data: Data, degree: Int) -> [UInt8] {
        let generator = generator(degree: degree)
        let exp = GaloisField256.exp
        let log = GaloisField256.log
        // Log of each non-leading generator coefficient; all are non-zero for QR's degrees.
        let generatorLogs = generator.dropFirst().map { log[Int($0)] }
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            for i in 0..<(degree - 1) { remainder[i] = remainder[i + 1] }
            remainder[degree - 1] = 0
            if factor != 0 {
                let factorLog = log[Int(factor)]
                for i in 0..<degree where generator[i + 1] != 0 {
                    remainder[i] ^= exp[factorLog + generatorLogs[i]]
                }
            }
        }
        return remainder
    }
}
