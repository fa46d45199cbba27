/// Checking EAN-13, EAN-8, UPC-A and UPC-E numbers and completing them with a check digit.
///
/// Unlike the Padova thesis's `checkEAN13`, which accepted any 13 characters whose last one
/// matched, every character must be an ASCII digit, and a refusal says which character, which
/// lengths, or which check digit was expected.
public enum EANUPC {
    /// Checks a complete number, choosing the symbology by length: 8 digits are EAN-8,
    /// 12 UPC-A, 13 EAN-13. (An 8-digit UPC-E needs ``check(_:as:)``.)
    public static func check(_ code: String) throws(BarcodeError) -> CheckedCode {
        let digits = try digitValues(code, format: .ean13)
        switch digits.count {
        case 8: return try check(code, as: .ean8)
        case 12: return try check(code, as: .upcA)
        case 13: return try check(code, as: .ean13)
        default:
            throw .wrongLength(digits.count, format: .ean13, expected: "13 digits (or 12 for UPC-A, 8 for EAN-8)")
        }
    }

    /// Checks a complete number of the given symbology. UPC-E takes 8 digits (number system 0
    /// or 1, six digits, check digit) and also the printed short forms with no check digit to
    /// verify: 7 digits (number system + six) or 6 (number system 0 implied); their check digit
    /// is computed.
    public static func check(_ code: String, as format: BarcodeFormat) throws(BarcodeError) -> CheckedCode {
        let digits = try digitValues(code, format: format)
        if format == .upcE {
            // expand checks the characters, the length, the number system and the check digit.
            let upcA = try UPCE.expand(code)
            let body = digits.count == 6 ? "0" + code : String(code.prefix(7))
            return CheckedCode(format: .upcE, digits: body + String(upcA.suffix(1)), upcA: upcA)
        }
        guard digits.count == fullLength(format) else {
            throw .wrongLength(digits.count, format: format, expected: expectedLengths(format, withCheckDigit: true))
        }
        let expected = GS1CheckDigit.compute(code.dropLast())
        if let found = code.last, found != expected {
            throw .wrongCheckDigit(found: found, expected: expected, format: format)
        }
        return CheckedCode(format: format, digits: code)
    }

    /// The full number for `digitsWithoutCheck`: 12 digits for EAN-13, 7 for EAN-8, 11 for
    /// UPC-A, and 7 for UPC-E (number system 0 or 1 and six digits; 6 digits mean number
    /// system 0). UPC-E's check digit is that of its UPC-A expansion (GS1 General
    /// Specifications §5.2, UPC-E zero suppression), so the result is 8 digits.
    public static func compute(_ digitsWithoutCheck: String, as format: BarcodeFormat) throws(BarcodeError) -> String {
        let digits = try digitValues(digitsWithoutCheck, format: format)
        if format == .upcE {
            guard digits.count == 6 || digits.count == 7 else {
                throw .wrongLength(digits.count, format: format, expected: "6 or 7 digits before the check digit")
            }
            let body = digits.count == 6 ? "0" + digitsWithoutCheck : digitsWithoutCheck
            let upcA = try UPCE.expand(body)
            return body + String(upcA.suffix(1))
        }
        guard digits.count == fullLength(format) - 1 else {
            throw .wrongLength(digits.count, format: format, expected: expectedLengths(format, withCheckDigit: false))
        }
        return digitsWithoutCheck + String(GS1CheckDigit.compute(digitsWithoutCheck))
    }

    // MARK: - Shared by checking and encoding

    /// The digits of `code`, or the first character that is not an ASCII digit with its position.
    static func digitValues(_ code: String, format: BarcodeFormat) throws(BarcodeError) -> [Int] {
        try ensureSupported(format)
        var values: [Int] = []
        for (index, character) in code.enumerated() {
            guard let value = GS1CheckDigit.digitValue(character) else {
                throw .invalidCharacter(character, position: index + 1, format: format, allowed: "only the digits 0-9")
            }
            values.append(value)
        }
        return values
    }

    static func fullLength(_ format: BarcodeFormat) -> Int {
        switch format {
        case .ean13: 13
        case .upcA: 12
        default: 8
        }
    }

    static func expectedLengths(_ format: BarcodeFormat, withCheckDigit: Bool) -> String {
        withCheckDigit ? "\(fullLength(format)) digits" : "\(fullLength(format) - 1) digits before the check digit"
    }

    static func ensureSupported(_ format: BarcodeFormat) throws(BarcodeError) {
        switch format {
        case .ean13, .ean8, .upcA, .upcE: return
        default: throw .unsupported("\(format.rawValue) is not an EAN/UPC symbology: EANUPC handles EAN_13, EAN_8, UPC_A and UPC_E")
        }
    }
}
