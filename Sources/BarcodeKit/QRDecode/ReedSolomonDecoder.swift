/// Reed–Solomon error correction for the code of `ReedSolomon` (generator roots α⁰…αⁿ⁻¹,
/// ISO/IEC 18004:2015 §7.5.2): syndromes, Berlekamp–Massey for the error locator,
/// Chien search for its roots and Forney's formula for the error values.
///
/// A correction is accepted only when the locator has exactly as many roots inside the
/// block as its degree and the corrected block's syndromes are all zero, so a block with
/// more errors than it can correct is refused rather than "corrected" into other data.
enum ReedSolomonDecoder {
    /// Corrects `block` (data codewords followed by `degree` error-correction codewords) in
    /// place. Returns the number of codewords changed, or nil when more than `maxErrors`
    /// codewords are wrong (the block is then left as it was).
    static func correct(_ block: inout [UInt8], degree: Int, maxErrors: Int) -> Int? {
        let syndromes = self.syndromes(of: block, count: degree)
        if syndromes.allSatisfy({ $0 == 0 }) { return 0 }
        guard let locator = errorLocator(syndromes: syndromes) else { return nil }
        let errorCount = locator.count - 1
        guard errorCount >= 1, errorCount <= maxErrors else { return nil }

        // Chien search: an error at the coefficient of xᵖ (block index count − 1 − p) makes
        // α⁻ᵖ a root of the locator.
        var powers: [Int] = []
        for p in 0..<block.count where evaluate(locator, at: GaloisField256.power(255 - p % 255)) == 0 {
            powers.append(p)
        }
        guard powers.count == errorCount else { return nil }

        // Forney, for first consecutive root α⁰: eₖ = Xₖ · Ω(Xₖ⁻¹) / Λ'(Xₖ⁻¹), with
        // Ω = S·Λ mod xⁿ and Λ' the formal derivative (only odd terms survive in GF(2⁸)).
        let evaluator = multiplyTruncated(syndromes, locator, degree: degree)
        let derivative = locator.enumerated().dropFirst().map { $0.offset % 2 == 1 ? $0.element : 0 }
        var corrected = block
        for p in powers {
            let x = GaloisField256.power(p)
            let xInverse = GaloisField256.inverse(x)
            let denominator = evaluate(derivative, at: xInverse)
            guard denominator != 0 else { return nil }
            let magnitude = GaloisField256.divide(
                GaloisField256.multiply(x, evaluate(evaluator, at: xInverse)), denominator)
            corrected[block.count - 1 - p] ^= magnitude
        }
        guard self.syndromes(of: corrected, count: degree).allSatisfy({ $0 == 0 }) else { return nil }
        block = corrected
        return errorCount
    }

    /// Sⱼ = r(αʲ) for j in 0..<count, the block read as a polynomial highest power first
    /// (Horner's rule, multiplying by αʲ as an addition of logarithms).
    static func syndromes(of block: [UInt8], count: Int) -> [UInt8] {
        let exp = GaloisField256.exp
        let log = GaloisField256.log
        return (0..<count).map { j in
            var value: UInt8 = 0
            for codeword in block {
                value = (value == 0 ? 0 : exp[log[Int(value)] + j]) ^ codeword  // log ≤ 254, j < 30: inside the doubled table
            }
            return value
        }
    }

    /// Berlekamp–Massey: the shortest linear feedback register Λ (lowest power first,
    /// Λ₀ = 1) generating the syndromes; its degree is the number of errors. Nil when the
    /// register's degree is below its length (then no error pattern explains the syndromes).
    private static func errorLocator(syndromes: [UInt8]) -> [UInt8]? {
        var current: [UInt8] = [1]  // Λ
        var previous: [UInt8] = [1]  // Λ at the last length change
        var length = 0
        var shift = 1
        var previousDiscrepancy: UInt8 = 1
        for n in 0..<syndromes.count {
            var discrepancy = syndromes[n]
            for i in 1..<(min(length, current.count - 1) + 1) where i <= n {
                discrepancy ^= GaloisField256.multiply(current[i], syndromes[n - i])
            }
            if discrepancy == 0 {
                shift += 1
                continue
            }
            let factor = GaloisField256.divide(discrepancy, previousDiscrepancy)
            var next = current
            if next.count < previous.count + shift { next += [UInt8](repeating: 0, count: previous.count + shift - next.count) }
            for (i, coefficient) in previous.enumerated() {
                next[i + shift] ^= GaloisField256.multiply(factor, coefficient)
            }
            if 2 * length <= n {
                previous = current
                length = n + 1 - length
                previousDiscrepancy = discrepancy
                shift = 1
            } else {
                shift += 1
            }
            current = next
        }
        while current.count > length + 1, current.last == 0 { current.removeLast() }
        return current.count == length + 1 ? current : nil
    }

    /// p(x) for p lowest power first (Horner from the top).
    private static func evaluate(_ polynomial: [UInt8], at x: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for coefficient in polynomial.reversed() { value = GaloisField256.multiply(value, x) ^ coefficient }
        return value
    }

    /// a·b mod x^degree, both lowest power first.
    private static func multiplyTruncated(_ a: [UInt8], _ b: [UInt8], degree: Int) -> [UInt8] {
        var product = [UInt8](repeating: 0, count: degree)
        for (i, x) in a.enumerated() where x != 0 && i < degree {
            for (j, y) in b.enumerated() where i + j < degree {
                product[i + j] ^= GaloisField256.multiply(x, y)
            }
        }
        return product
    }
}
