import Foundation

/// A list request's parameters (API-NOTES §7) read the way the 1.6 dispatcher reads them, so
/// the emulator can answer lists no recording holds: `display`, `filter[...]`, `sort`, `limit`
/// and `language`. Parameters that only steer the dispatcher (`date`, `id_shop`, `ws_key`…)
/// are accepted and ignored.
struct ReplayListQuery {
    enum Display: Equatable {
        case references
        case full
        case fields([String])
    }

    struct Filter {
        let field: String
        let condition: Condition
    }

    enum Condition: Equatable {
        case anyOf([String])
        case between(String, String)
        case like(prefix: Bool, suffix: Bool, String)
        case greaterThan(String)
        case lessThan(String)
        case noneOf([String])
    }

    struct SortKey: Equatable {
        let field: String
        let descending: Bool
    }

    var display = Display.references
    var filters: [Filter] = []
    var sort: [SortKey] = []
    var offset = 0
    var count: Int?
    var languages: Set<String>?

    /// A parameter the dispatcher would refuse, with its code and message (§3, §7).
    struct Refusal: Error {
        let code: Int
        let message: String
    }

    /// Parameters whose answer the emulator cannot make up: another format, a schema, a
    /// computed price. Such a request keeps the "no recorded answer" 404.
    static let unsupported: Set<String> = ["output_format", "schema", "io_format"]

    static func parse(_ pairs: [ReplayQuery.Pair]) throws(Refusal) -> ReplayListQuery {
        var query = ReplayListQuery()
        for pair in pairs {
            if pair.name == "display" {
                query.display = try display(pair.value)
            } else if pair.name.hasPrefix("filter["), pair.name.hasSuffix("]") {
                let field = String(pair.name.dropFirst("filter[".count).dropLast())
                query.filters.append(Filter(field: field, condition: condition(pair.value)))
            } else if pair.name == "sort" {
                query.sort = try sort(pair.value)
            } else if pair.name == "limit" {
                (query.offset, query.count) = try limit(pair.value)
            } else if pair.name == "language" {
                query.languages = Set(pair.value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(whereSeparator: { $0 == "|" || $0 == "," }).map(String.init))
            }
        }
        return query
    }

    private static func display(_ value: String) throws(Refusal) -> Display {
        if value == "full" { return .full }
        guard value.hasPrefix("["), value.hasSuffix("]") else {
            throw Refusal(code: 36, message: "The \"display\" syntax is wrong. You can set 'full' or '[field_1,field_2,field_3,...]'. These are available: ...")
        }
        let fields = value.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !fields.isEmpty, !fields.contains(where: \.isEmpty) else {
            throw Refusal(code: 36, message: "The \"display\" syntax is wrong. You can set 'full' or '[field_1,field_2,field_3,...]'")
        }
        return .fields(fields)
    }

    /// `^(.*)\[(.*)\](.*)$` as `getSQLRetrieveFilter` applies it; a value without brackets is
    /// an equality.
    static func condition(_ value: String) -> Condition {
        guard let open = value.firstIndex(of: "["), let close = value.lastIndex(of: "]"), open < close else {
            return .anyOf([value])
        }
        let before = value[..<open]
        let inner = String(value[value.index(after: open)..<close])
        let after = value[value.index(after: close)...]
        if before == "%" || after == "%" { return .like(prefix: before == "%", suffix: after == "%", inner) }
        if before == ">" { return .greaterThan(inner) }
        if before == "<" { return .lessThan(inner) }
        if before == "!" { return .noneOf(inner.split(separator: "|").map(String.init)) }
        let bounds = inner.split(separator: ",", omittingEmptySubsequences: false)
        let rangeCharacters = CharacterSet(charactersIn: "0123456789.:- ")
        if bounds.count == 2, bounds.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(rangeCharacters.contains) }) {
            let (low, high) = (String(bounds[0]), String(bounds[1]))
            return ReplayValue.less(high, low) ? .between(high, low) : .between(low, high)
        }
        return .anyOf(inner.split(separator: "|", omittingEmptySubsequences: false).map(String.init))
    }

    private static func sort(_ value: String) throws(Refusal) -> [SortKey] {
        let inner = value.hasPrefix("[") && value.hasSuffix("]") ? String(value.dropFirst().dropLast()) : value
        var keys: [SortKey] = []
        for item in inner.split(separator: ",") {
            guard let underscore = item.lastIndex(of: "_") else {
                throw Refusal(code: 37, message: "The \"sort\" value has to be formed as this example: 'field_ASC' or '[field_1_DESC,field_2_ASC,field_3_ASC,...]' ('field' has to be an available field)")
            }
            let direction = item[item.index(after: underscore)...]
            guard direction == "ASC" || direction == "DESC" else {
                throw Refusal(code: 37, message: "The \"sort\" value has to be formed as this example: 'field_ASC' or '[field_1_DESC,field_2_ASC,field_3_ASC,...]' ('field' has to be an available field)")
            }
            keys.append(SortKey(field: String(item[..<underscore]), descending: direction == "DESC"))
        }
        return keys
    }

    private static func limit(_ value: String) throws(Refusal) -> (Int, Int?) {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        switch parts.count {
        case 1 where parts[0] != nil && parts[0]! >= 0: return (0, parts[0])
        case 2 where parts.allSatisfy({ $0 != nil && $0! >= 0 }): return (parts[0]!, parts[1])
        default: throw Refusal(code: 39, message: "The \"limit\" value has to be formed as this example: '5,25' or '10'")
        }
    }

    /// Whether a record's field value meets the condition; LIKE is case-insensitive as under
    /// MySQL's usual collations.
    static func matches(_ value: String, _ condition: Condition) -> Bool {
        switch condition {
        case .anyOf(let values): values.contains { ReplayValue.equal(value, $0) }
        case .noneOf(let values): !values.contains { ReplayValue.equal(value, $0) }
        case .between(let low, let high): !ReplayValue.less(value, low) && !ReplayValue.less(high, value)
        case .greaterThan(let bound): ReplayValue.less(bound, value)
        case .lessThan(let bound): ReplayValue.less(value, bound)
        case .like(let prefix, let suffix, let text):
            {
                let (haystack, needle) = (value.lowercased(), text.lowercased())
                switch (prefix, suffix) {
                case (true, true): return needle.isEmpty || haystack.contains(needle)
                case (true, false): return haystack.hasSuffix(needle)
                case (false, true): return haystack.hasPrefix(needle)
                case (false, false): return haystack == needle
                }
            }()
        }
    }
}

/// Field values compare as MySQL compares a column with a quoted value: numerically when both
/// read as numbers (`16.510000` equals `16.51`), else as text (dates sort as text).
enum ReplayValue {
    static func equal(_ a: String, _ b: String) -> Bool {
        if let x = Double(a), let y = Double(b) { return x == y }
        return a.lowercased() == b.lowercased()
    }

    static func less(_ a: String, _ b: String) -> Bool {
        if let x = Double(a), let y = Double(b) { return x < y }
        return a < b
    }
}
