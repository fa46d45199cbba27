import Foundation

/// The sizes Bottega accepts from a request, whatever the route: each Kit checks its own fields
/// more tightly (a nickname, a price), and these catch the rest before they reach a parser, a
/// query or a pattern match (a 50,000-character `q` once ended in an empty 500).
package enum InputLimits {
    /// Characters in one text field of a form or a JSON body.
    package static let textField = 10_000
    /// Characters in one query-string value.
    package static let queryValue = 2_000
    /// Bytes of a JSON body (Hummingbird's own default).
    package static let jsonBody = 2 * 1024 * 1024

    /// The first string in a JSON value longer than `limit`, as the path to it
    /// (`lines[3].note`), or nil when every string is short enough.
    package static func overlongField(inJSON value: Any, limit: Int = textField, path: String = "") -> String? {
        switch value {
        case let text as String:
            return text.count > limit ? (path.isEmpty ? "body" : path) : nil
        case let object as [String: Any]:
            for (key, member) in object {
                if key.count > limit { return path.isEmpty ? "a key" : "a key in \(path)" }
                if let found = overlongField(inJSON: member, limit: limit, path: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = overlongField(inJSON: element, limit: limit, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
