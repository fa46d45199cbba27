import BarcodeKit

/// An EAN/UPC number and the EAN-2 or EAN-5 add-on printed beside it: a book's price, a
/// magazine's issue. Decoders append the add-on's digits to the main number
/// ("978073520044951299"); people type the two apart ("9780735200449 51299"). The wallet keeps
/// the main number as the code (its check digit, its country, its drawing) and the add-on beside
/// it, stored as the two parted by one space.
public struct MainAndAddOn: Sendable, Hashable {
    public var main: String
    public var addOn: String?

    /// The lengths of the main number a decoder or a person writes for each format (UPC-A and
    /// UPC-E also as their 13-digit GTIN, as decoders report them).
    static func mainLengths(_ format: BarcodeFormat) -> [Int] {
        switch format {
        case .ean13: [13]
        case .ean8: [8]
        case .upcA: [12, 13]
        case .upcE: [6, 7, 8, 13]
        case .code128, .qrCode, .microQRCode: []
        }
    }

    /// Parts `text` into the main number and its add-on; anything else stays whole as `main`.
    public init(_ text: String, format: BarcodeFormat) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lengths = Self.mainLengths(format)
        let groups = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        if groups.count == 2, [2, 5].contains(groups[1].count), groups[1].allSatisfy(\.isASCIIDigit), lengths.contains(groups[0].count) {
            (main, addOn) = (String(groups[0]), String(groups[1]))
            return
        }
        // A whole that is itself a valid number is not parted ("04252614" is a UPC-E, not 042526 + 14).
        let wholeIsValid = lengths.contains(trimmed.count) && (try? EANUPC.check(trimmed, as: trimmed.count == 13 ? .ean13 : format)) != nil
        if !wholeIsValid, trimmed.allSatisfy(\.isASCIIDigit) {
            for addOnLength in [5, 2] where lengths.contains(trimmed.count - addOnLength) {
                let candidate = String(trimmed.dropLast(addOnLength))
                // Only a main number whose check digit holds is parted: "13 digits + 5" must be
                // an EAN-13 and a price, not 18 digits that happen to start like one.
                if (try? EANUPC.check(candidate, as: candidate.count == 13 ? .ean13 : format)) != nil {
                    (main, addOn) = (candidate, String(trimmed.suffix(addOnLength)))
                    return
                }
            }
        }
        (main, addOn) = (trimmed, nil)
    }

    /// As the wallet stores it (``stored``): the add-on, if any, after the one space.
    public init(stored: String) {
        let parts = stored.split(separator: " ", maxSplits: 1)
        (main, addOn) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : (stored, nil)
    }

    public init(main: String, addOn: String?) {
        (self.main, self.addOn) = (main, addOn)
    }

    /// How the wallet stores it: the main number, then a space and the add-on when there is one.
    public var stored: String { addOn.map { main + " " + $0 } ?? main }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
