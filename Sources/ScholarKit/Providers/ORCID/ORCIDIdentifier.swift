/// An ORCID iD, `0000-0003-1444-9135`: sixteen characters in four groups, the last a check
/// digit (ISO 7064 MOD 11-2, as ORCID's "Structure of the ORCID Identifier" gives it; X stands
/// for 10). Also read from its URL form, `https://orcid.org/0000-…`.
public struct ORCIDIdentifier: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init?(_ text: String) {
        var trimmed = text.trimmingWhitespace()
        for prefix in ["https://orcid.org/", "http://orcid.org/", "orcid.org/"] where trimmed.lowercased().hasPrefix(prefix) {
            trimmed = String(trimmed.dropFirst(prefix.count))
        }
        let groups = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == 4, groups.allSatisfy({ $0.count == 4 }) else { return nil }
        let characters = Array(groups.joined().uppercased())
        guard characters.dropLast().allSatisfy(\.isASCIIDigit), let last = characters.last, last.isASCIIDigit || last == "X" else { return nil }
        var total = 0
        for digit in characters.dropLast() { total = (total + Int(String(digit))!) * 2 }
        let check = (12 - total % 11) % 11
        guard (check == 10 ? "X" : Character(String(check))) == last else { return nil }
        description = groups.joined(separator: "-").uppercased()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
