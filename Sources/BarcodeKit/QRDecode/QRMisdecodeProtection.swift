/// Error-correction codewords that Table 9 of ISO/IEC 18004:2015 sets aside to detect
/// misdecoding rather than to correct errors (footnote b: "p" misdecode protection
/// codewords). Only the smallest symbols have them; with them a block of `n` error-correction
/// codewords corrects (n − p) / 2 errors instead of n / 2, which keeps the chance of a
/// wrong "correction" as low as in the larger symbols.
enum QRMisdecodeProtection {
    static func codewords(version: Int, ecc: QRErrorCorrection) -> Int {
        switch (version, ecc) {
        case (1, .low): 3
        case (1, .medium), (2, .low): 2
        case (1, .quartile), (1, .high), (3, .low): 1
        default: 0
        }
    }

    /// The errors one block of this version and level may be corrected for.
    static func correctableErrorsPerBlock(version: Int, ecc: QRErrorCorrection) -> Int {
        (QRCapacity.errorCorrectionCodewordsPerBlock(version: version, ecc: ecc) - codewords(version: version, ecc: ecc)) / 2
    }
}
