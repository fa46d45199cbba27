/// An EAN/UPC number whose characters, length and check digit have been verified.
public struct CheckedCode: Sendable, Hashable {
    /// The symbology the number is for.
    public let format: BarcodeFormat
    /// Every digit including the check digit: 13 for EAN-13, 12 for UPC-A, 8 for EAN-8 and
    /// UPC-E (number system, six digits, check digit).
    public let digits: String
    /// The last digit of ``digits``.
    public let checkDigit: Character
    /// The number as 13 digits, the form ZXing reports: EAN-13 as is, UPC-A with a leading 0,
    /// UPC-E expanded to UPC-A with a leading 0. `nil` for EAN-8, a GTIN-8 with no 13-digit form.
    public let gtin13: String?
    /// Who issued the number's GS1 Prefix (for UPC-E, that of its UPC-A expansion).
    public let country: GS1Country?

    init(format: BarcodeFormat, digits: String, upcA: String? = nil) {
        self.format = format
        self.digits = digits
        checkDigit = digits.last ?? "0"
        switch format {
        case .ean13: gtin13 = digits
        case .upcA: gtin13 = "0" + digits
        case .upcE: gtin13 = upcA.map { "0" + $0 }
        default: gtin13 = nil
        }
        country = GS1Country.lookup(gtin13 ?? digits)
    }
}
