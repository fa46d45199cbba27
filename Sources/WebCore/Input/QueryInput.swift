import Hummingbird

/// Query parameters read strictly: absent is nil, but present and malformed is a 400 naming the
/// parameter — never silently ignored (`limit=abc` once meant "no limit").
extension Request {
    /// The parameter as a whole number within `range`.
    package func integerQuery<Value: FixedWidthInteger & Sendable>(_ name: String, as type: Value.Type = Int.self, in range: ClosedRange<Value>? = nil) throws -> Value? {
        guard let text = uri.queryParameters[name[...]].map(String.init), !text.isEmpty else { return nil }
        guard let value = Value(text), range.map({ $0.contains(value) }) ?? true else {
            let bounds = range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""
            throw APIError(.badRequest, "bad_\(name)", "\(name) must be a whole number\(bounds), not “\(text.prefix(40))”.")
        }
        return value
    }

    /// The parameter as one of `choices`.
    /// Present but empty (`state=`) is refused too: it is none of the choices.
    package func choiceQuery(_ name: String, among choices: [String]) throws -> String? {
        guard let text = uri.queryParameters[name[...]].map(String.init) else { return nil }
        guard choices.contains(text) else {
            throw APIError(.badRequest, "bad_\(name)", "\(name) must be \(choices.joined(separator: " or ")), not \(text.isEmpty ? "empty" : "“\(text.prefix(40))”").")
        }
        return text
    }
}
