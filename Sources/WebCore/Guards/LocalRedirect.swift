import Foundation

/// Where a log-in may send the browser next (`next=`): a path on this server, never another site.
/// Browsers forgive a lot in a `Location`: they drop tabs and newlines anywhere (WHATWG URL
/// standard, "remove all ASCII tab or newline"), read `\` as `/` and `//host` as another site, so
/// `/%09/evil.example` arrives as `/<tab>/evil.example` and is followed to evil.example (issue 36).
/// A path is taken only if it starts with one `/` followed by neither `/` nor `\`, and holds no
/// control character, backslash or white space; and if it still does once %-decoded (a space is
/// allowed there, as `%20` in a search's query), so that a `next` passed on encoded once more
/// cannot turn into another site later.
package enum LocalRedirect {
    package static func path(_ text: String?, within prefix: String = "/", fallback: String) -> String {
        guard let text, text.count <= 2_048, text.hasPrefix(prefix), isLocal(text, spaces: false) else { return fallback }
        if let decoded = text.removingPercentEncoding, decoded != text, !isLocal(decoded, spaces: true) { return fallback }
        return text
    }

    package static func isLocal(_ path: String, spaces: Bool) -> Bool {
        let scalars = Array(path.unicodeScalars)
        guard scalars.first == "/" else { return false }
        if scalars.count > 1, scalars[1] == "/" || scalars[1] == "\\" || scalars[1] == " " { return false }
        return !scalars.contains { scalar in
            scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                || (scalar.properties.isWhitespace && !(spaces && scalar == " "))
        }
    }
}
