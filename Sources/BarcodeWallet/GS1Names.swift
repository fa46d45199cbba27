import Foundation

/// The GS1 application identifiers a shopper or a warehouse meets most, named as GS1 General
/// Specifications §3 names them, with the fixed data lengths of §7.8 (the ones a reader needs to
/// split an element string without separators).
enum GS1Names {
    static let names: [String: String] = [
        "00": "SSCC (serial shipping container)", "01": "GTIN", "02": "GTIN of the contained trade items",
        "10": "Batch or lot", "11": "Production date", "12": "Due date", "13": "Packaging date", "15": "Best before",
        "16": "Sell by", "17": "Expiry date", "20": "Variant", "21": "Serial number", "22": "Consumer product variant",
        "30": "Variable count", "37": "Count of trade items", "240": "Additional product identification",
        "241": "Customer part number", "250": "Secondary serial number", "400": "Customer's purchase order",
        "401": "Consignment number", "403": "Routing code", "410": "Ship to (GLN)", "411": "Bill to (GLN)",
        "412": "Purchased from (GLN)", "413": "Ship for (GLN)", "414": "Location (GLN)", "415": "Invoicing party (GLN)",
        "420": "Ship-to postal code", "421": "Ship-to postal code with country", "422": "Country of origin",
        "8020": "Payment slip reference",
    ]

    /// Data lengths fixed by the first two AI digits (GS1 §7.8), without the AI itself.
    static let fixedDataLength: [String: Int] = [
        "00": 18, "01": 14, "02": 14, "03": 14, "04": 16,
        "11": 6, "12": 6, "13": 6, "14": 6, "15": 6, "16": 6, "17": 6, "18": 6, "19": 6,
        "20": 2, "31": 6, "32": 6, "33": 6, "34": 6, "35": 6, "36": 6, "41": 13,
    ]

    /// The AI at the start of `text`: 4 digits for 31xx–36xx (a measure and its decimals) and
    /// 80xx, 3 for 24x–42x, else 2.
    static func identifier(at text: Substring) -> String? {
        let digits = text.prefix(4)
        guard digits.count >= 2, digits.prefix(2).allSatisfy(\.isNumber) else { return nil }
        let two = String(digits.prefix(2))
        let length: Int
        switch two {
        case "31", "32", "33", "34", "35", "36", "80": length = 4
        case "24", "25", "40", "41", "42": length = 3
        default: length = 2
        }
        let identifier = String(text.prefix(length))
        return identifier.count == length && identifier.allSatisfy(\.isNumber) ? identifier : nil
    }

    static func name(of identifier: String) -> String {
        if let name = names[identifier] { return name }
        if identifier.count == 4, let decimals = identifier.last?.wholeNumberValue {
            switch identifier.prefix(3) {
            case "310": return "Net weight (kg, \(decimals) decimals)"
            case "392": return "Price (\(decimals) decimals)"
            case "393": return "Price with ISO currency (\(decimals) decimals)"
            default: break
            }
        }
        return "AI \(identifier)"
    }

    /// Dates (YYMMDD) as 2026-01-31, DD 00 as the month's end; measures with their decimals.
    static func readable(_ identifier: String, _ value: String) -> String {
        if ["11", "12", "13", "15", "16", "17"].contains(identifier), value.count == 6, value.allSatisfy(\.isNumber) {
            let year = 2000 + (Int(value.prefix(2)) ?? 0), month = value.dropFirst(2).prefix(2), day = value.suffix(2)
            return day == "00" ? "\(year)-\(month) (end of month)" : "\(year)-\(month)-\(day)"
        }
        if identifier.count == 4, ["310", "392"].contains(identifier.prefix(3)), let decimals = identifier.last?.wholeNumberValue,
           decimals > 0, value.count > decimals, value.allSatisfy(\.isNumber) {
            let whole = value.dropLast(decimals).drop { $0 == "0" }
            return "\(whole.isEmpty ? "0" : whole).\(value.suffix(decimals))"
        }
        return value
    }
}
