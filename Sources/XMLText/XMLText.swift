/// Text made safe for XML and HTML, in element content and in attribute values alike: the SVG
/// of charts and barcodes, Scholar's HTML report and the replayed PrestaShop XML all write it
/// this way, so none escapes less than another.
public enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities (`&apos;` is XML's and HTML5's), and the control
    /// characters XML 1.0 forbids (section 2.2), which scraped titles can hold, as spaces; tab,
    /// line feed and carriage return stay.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let forbidden = scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
                result.unicodeScalars.append(forbidden ? " " : scalar)
            }
        }
        return result
    }
}
