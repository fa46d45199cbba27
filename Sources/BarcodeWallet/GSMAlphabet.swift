import Foundation

/// The GSM 7-bit default alphabet of SMS (3GPP TS 23.038 §6.2.1), for counting what fits in one
/// message: 160 septets, where a character of the extension table (`€ [ ] { } \ ^ ~ |` and form
/// feed) takes two (an escape and itself). A text with any other character is sent as UCS-2
/// instead, 70 UTF-16 code units per message (§6.2.3; 3GPP TS 23.040 §9.2.3.24 for the sizes).
enum GSMAlphabet {
    /// The 128 characters of the basic table, less ESC (0x1B), which only introduces the extension table.
    static let basic: Set<Unicode.Scalar> = Set(
        ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
            + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà").unicodeScalars)
    /// The extension table's characters in the default language, each sent as ESC + one septet.
    static let extended: Set<Unicode.Scalar> = Set("\u{0C}^{}\\[~]|€".unicodeScalars)

    /// Septets `text` takes in the default alphabet, or `nil` when a character is not in it.
    /// The text is first put in Normalization Form C, so "é" sent as "e" + combining accent counts
    /// as the single GSM character it will be sent as.
    static func septets(_ text: String) -> Int? {
        var count = 0
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if basic.contains(scalar) {
                count += 1
            } else if extended.contains(scalar) {
                count += 2
            } else {
                return nil
            }
        }
        return count
    }

    /// Whether `text` goes as one SMS: at most 160 septets in the GSM alphabet, or, when it needs
    /// UCS-2, at most 70 UTF-16 code units.
    static func fitsOneMessage(_ text: String) -> Bool {
        if let septets = septets(text) { return septets <= 160 }
        return text.precomposedStringWithCanonicalMapping.utf16.count <= 70
    }
}
