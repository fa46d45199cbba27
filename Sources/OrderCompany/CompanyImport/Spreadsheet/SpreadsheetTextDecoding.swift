import OrderKit
/// Turns a CSV file's bytes into text: UTF-8 when they are valid UTF-8 (a BOM is dropped),
/// UTF-16 when they start with its byte order mark, and otherwise Windows-1252, the code page
/// Excel on an Italian (or any Western European) Windows writes its "CSV" in.
///
/// Valid UTF-8 is taken as UTF-8 because Windows-1252 text with accented letters is almost
/// never valid UTF-8 by accident ("è" is the lone byte 0xE8, which UTF-8 only allows followed
/// by two continuation bytes), while the reverse guess would garble every UTF-8 file.
enum SpreadsheetTextDecoding {
    static func decode(_ bytes: [UInt8]) -> (text: String, encoding: SpreadsheetTextEncoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]), let text = String(validating: bytes.dropFirst(3), as: UTF8.self) {
            return (text, .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return (utf16(bytes.dropFirst(2), bigEndian: false), .utf16LittleEndian)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return (utf16(bytes.dropFirst(2), bigEndian: true), .utf16BigEndian)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return (text, .utf8)
        }
        return (windows1252(bytes), .windows1252)
    }

    /// UTF-16 code units; an odd trailing byte and unpaired surrogates become U+FFFD.
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if index < bytes.endIndex { units.append(0xFFFD) }
        return String(decoding: units, as: UTF16.self)
    }

    /// Windows-1252 as the WHATWG Encoding Standard defines it (index-windows-1252): bytes
    /// 0x80–0x9F are the table below, the five bytes Microsoft left undefined map to the C1
    /// controls of the same value, and 0xA0–0xFF are Latin-1.
    static func windows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte) {
                scalars.append(Unicode.Scalar(highHalf[Int(byte) - 0x80]) ?? "\u{FFFD}")
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let highHalf: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
