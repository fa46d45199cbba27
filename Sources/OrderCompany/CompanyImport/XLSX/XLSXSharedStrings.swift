import OrderKit
import Markup

/// The workbook's shared string table (`xl/sharedStrings.xml`, ECMA-376 Part 1 §18.4): cells
/// of type `s` hold an index into it. A string item is plain (`<si><t>`) or rich text, whose
/// runs (`<si><r><t>`) are joined; phonetic guides (`<rPh>`) are not part of the text.
enum XLSXSharedStrings {
    static func strings(_ document: MarkupDocument) -> [String] {
        document.root?.childElements("si").map(text(ofStringItem:)) ?? []
    }

    /// The text of an `si` or `is` (inline string) element.
    static func text(ofStringItem item: MarkupNode) -> String {
        var text = ""
        for child in item.children {
            switch child.name {
            case "t": text += child.text
            case "r": text += child.childElements("t").map(\.text).joined()
            default: break
            }
        }
        return unescape(text)
    }

    /// Decodes `_xHHHH_`, the escape OOXML uses for characters XML cannot hold (§22.9.2.19,
    /// ST_Xstring): Excel writes a carriage return in a cell as `_x000D_`, and a literal
    /// "_x0041_" as `_x005F_x0041_`.
    static func unescape(_ text: String) -> String {
        // A byte scan: String.contains(String) goes through Foundation and is slow per cell.
        let utf8 = text.utf8
        guard zip(utf8, utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: "_") && $1 == UInt8(ascii: "x") }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "_", index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_",
               let code = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
               let scalar = Unicode.Scalar(code) {
                result.append(scalar)
                index += 7
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}
