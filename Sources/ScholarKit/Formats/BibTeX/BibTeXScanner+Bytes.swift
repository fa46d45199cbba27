/// The byte classes of BibTeX's grammar, and the month macros every style defines.
extension BibTeXScanner {
    func lowercasedString(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for (offset, byte) in bytes[range].enumerated() {
                buffer[offset] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            }
            return range.count
        }
    }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Bytes BibTeX allows in entry types, field names and macro names: anything printable
    /// except `"#%'(),={}` (and `@`, which starts an entry).
    func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "{"),
             UInt8(ascii: "}"), UInt8(ascii: "@"):
            false
        default:
            true
        }
    }

    func isKeyTerminator(_ byte: UInt8, close: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""),
             UInt8(ascii: "#"), UInt8(ascii: "@"), close:
            true
        default:
            isWhitespace(byte)
        }
    }

    func describe(_ byte: UInt8) -> String {
        byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "a non-ASCII character"
    }

    /// The standard month macros every BibTeX style defines (`plain.bst`: `MACRO {jan} {"January"}`).
    static let monthMacros: [String: [UInt8]] = {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return Dictionary(uniqueKeysWithValues: names.map { (String($0.prefix(3)).lowercased(), Array($0.utf8)) })
    }()
}
