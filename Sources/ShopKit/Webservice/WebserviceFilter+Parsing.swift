extension WebserviceFilter {
    /// Reads a filter as a person writes it after `filter[field]=` (API-NOTES §7): `value` sent
    /// bare as typed (the recorded connector's `filter[deleted]=0`), `[value]` equals, `[a|b]` any of, `[a,b]` between, `[v]%` / `%[v]` / `%[v]%` begins / ends /
    /// contains, `>[v]`, `<[v]`, `![a|b]` not. nil for brackets that do not close.
    public init?(expression text: String) {
        guard text.contains("[") || text.contains("]") else {
            self = .plain(text)
            return
        }
        guard let open = text.firstIndex(of: "["), let close = text.lastIndex(of: "]"), open < close else { return nil }
        let prefix = text[..<open]
        let inside = String(text[text.index(after: open)..<close])
        let suffix = text[text.index(after: close)...]
        switch (prefix, suffix) {
        case ("", ""):
            if inside.contains("|") {
                self = .anyOf(inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init))
            } else if inside.contains(","), case let parts = inside.split(separator: ",", maxSplits: 1), parts.count == 2 {
                self = .between(String(parts[0]), String(parts[1]))
            } else {
                self = .equals(inside)
            }
        case ("", "%"): self = .beginsWith(inside)
        case ("%", ""): self = .endsWith(inside)
        case ("%", "%"): self = .contains(inside)
        case (">", ""): self = .greaterThan(inside)
        case ("<", ""): self = .lessThan(inside)
        case ("!", ""): self = .not(inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init))
        default: return nil
        }
    }
}
