/// A value of `filter[field]=…`, in the syntax the dispatcher reads with `^(.*)\[(.*)\](.*)$`
/// (API-NOTES §7; `SQLUtils::getSQLRetrieveFilter` in 9.0, inside WebserviceRequest in 1.6).
public enum WebserviceFilter: Sendable, Equatable {
    /// `[v]`: equal.
    case equals(String)
    /// `[a|b|c]`: equal to any of them.
    case anyOf([String])
    /// `[a,b]`: `BETWEEN a AND b`. Both ends must be numbers or date-times, or the server
    /// silently reads the value literally.
    case between(String, String)
    /// `[v]%`: SQL `LIKE 'v%'`.
    case beginsWith(String)
    /// `%[v]`: SQL `LIKE '%v'`.
    case endsWith(String)
    /// `%[v]%`: SQL `LIKE '%v%'`.
    case contains(String)
    /// `>[v]`: strictly greater.
    case greaterThan(String)
    /// `<[v]`: strictly less.
    case lessThan(String)
    /// `![v]` or `![a|b]`: different from each value.
    case not([String])
    /// `v` with no brackets, as the recorded connector sends `filter[deleted]=0`. Equality,
    /// except that 1.6 compares a numeric-looking bare value with `LIKE`.
    case plain(String)

    /// The text after `filter[field]=`, before URL encoding.
    public func expression(field: String) throws(WebserviceRequestError) -> String {
        switch self {
        case .equals(let value): return "[\(try Self.checked(value, field: field))]"
        case .anyOf(let values): return "[\(try Self.joined(values, field: field))]"
        case .between(let low, let high):
            for end in [low, high] where !Self.isRangeBound(end) {
                throw .invalidFilter(field: field, reason: "a range takes numbers or date-times, not “\(end)”")
            }
            return "[\(low),\(high)]"
        case .beginsWith(let value): return "[\(try Self.checked(value, field: field))]%"
        case .endsWith(let value): return "%[\(try Self.checked(value, field: field))]"
        case .contains(let value): return "%[\(try Self.checked(value, field: field))]%"
        case .greaterThan(let value): return ">[\(try Self.checked(value, field: field))]"
        case .lessThan(let value): return "<[\(try Self.checked(value, field: field))]"
        case .not(let values): return "![\(try Self.joined(values, field: field))]"
        case .plain(let value):
            guard !value.contains("["), !value.contains("]") else {
                throw .invalidFilter(field: field, reason: "a plain value cannot hold brackets; use .equals")
            }
            return value
        }
    }

    private static func joined(_ values: [String], field: String) throws(WebserviceRequestError) -> String {
        guard !values.isEmpty else { throw .invalidFilter(field: field, reason: "the list of values is empty") }
        var checkedValues: [String] = []
        for value in values { checkedValues.append(try checked(value, field: field)) }
        return checkedValues.joined(separator: "|")
    }

    /// Brackets and `|` are the filter's own syntax, and `a,b` of two numbers becomes a range:
    /// such a value would silently select other records, so it is refused.
    private static func checked(_ value: String, field: String) throws(WebserviceRequestError) -> String {
        if value.contains(where: { $0 == "[" || $0 == "]" || $0 == "|" }) {
            throw .invalidFilter(field: field, reason: "“\(value)” holds [, ] or |, which the webservice reads as filter syntax")
        }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ isRangeBound(String($0)) }) {
            throw .invalidFilter(field: field, reason: "“\(value)” would be read as a range; use .between")
        }
        return value
    }

    /// `[\d.:\- ]+`, the server's test for a range end.
    static func isRangeBound(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || ".:- ".contains($0)) }
    }
}

/// One key of `sort=[…]`: the field and its direction (`name_ASC`). The server splits at the
/// last underscore, so `date_add_DESC` works (§7).
public struct WebserviceSort: Sendable, Equatable {
    public let field: String
    public let ascending: Bool

    public static func ascending(_ field: String) -> WebserviceSort { WebserviceSort(field: field, ascending: true) }
    public static func descending(_ field: String) -> WebserviceSort { WebserviceSort(field: field, ascending: false) }

    var expression: String { "\(field)_\(ascending ? "ASC" : "DESC")" }
}
