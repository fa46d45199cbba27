/// What one scan line yielded: a symbol read completely on that line, with its check passed.
///
/// Positions are along the line as it was read (a mirrored line's own coordinates); the
/// reader maps them back into the image.
struct RowReading: Sendable, Hashable {
    /// The format as the standard names the symbol read (`.ean13` also for a UPC-A; the
    /// reader applies the reporting conventions).
    var format: BarcodeFormat
    /// The digits or text of the main symbol: EAN-13 13 digits, EAN-8 8, UPC-E its 8 printed
    /// digits (number system, six digits, check digit), Code 128 the decoded text.
    var text: String
    /// An EAN-2/EAN-5 add-on read on the same line, if any.
    var addOn: String?
    /// AIM symbology identifier without the add-on distinction (]E0, ]E4, ]C0, ]C1, ]C2).
    var symbologyIdentifier: String
    /// Where the symbol (without quiet zones) starts and ends along the line, in pixels.
    var start: Double
    var end: Double
    /// Index of the element after the symbol, where a search for a further symbol continues.
    var nextElement: Int
}
