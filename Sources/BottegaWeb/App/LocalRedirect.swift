import Foundation

/// Where a log-in may send the browser next (`next=`): a path on this server, never another site.
/// Browsers forgive a lot in a `Location`: they drop tabs and newlines anywhere (WHATWG URL
/// standard, "remove all ASCII tab or newline"), read `\` as `/` and `//host` as another site, so
/// `/%09/evil.example` arrives as `/<tab>/evil.example` and is followed to evil.example (issue 36).
/// A path is taken only if it starts with one `/` followed by neither `/` nor `\`, and holds no
/// control character, white space or backslash, before and after one round of %-decoding (a
/// `next` passed on encoded once more must not turn into one later).
enum LocalRedirect {
    static func path(_ text: String?, within prefix: String = "/", fallback: String) -> String {
        guard let text, text.count <= 2_048, text.hasPrefix(prefix), isLocal(text) else { return fallback }
        if let decoded = text.removingPercentEncoding, decoded != text, !isLocal(decoded) { return fallback }
        return text
    }

    static func isLocal(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        guard scalars.first == "/" else { return false }
        if scalars.count > 1, scalars[1] == "/" || scalars[1] == "\\" { return false }
        return !scalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F || $0.properties.isWhitespace || $0.properties.generalCategory == .format }
    }
}
