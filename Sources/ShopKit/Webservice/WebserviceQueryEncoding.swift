import Foundation

/// `application/x-www-form-urlencoded` as the recorded client (python-requests) wrote query
/// strings: letters, digits and `-._~` kept, a space as `+`, every other byte `%XX` in capitals.
/// So `filter[date_upd]=>[2016-09-01 00:00:00]` is
/// `filter%5Bdate_upd%5D=%3E%5B2016-09-01+00%3A00%3A00%5D`, as in `manifest.json`.
enum WebserviceQueryEncoding {
    static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(component($0.name))=\(component($0.value))" }.joined(separator: "&")
    }

    static func component(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result.append("+")
            default:
                let hex = Array("0123456789ABCDEF")
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// A path segment: the same set of kept characters, a space as `%20`.
    static func pathSegment(_ text: String) -> String {
        component(text).replacingOccurrences(of: "+", with: "%20")
    }
}
