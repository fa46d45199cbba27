/// Where a record stood in a merge when Bottega exported a curated list with every paper
/// (`--all`): the merged record and, after it, the records it stands for, so that importing
/// the file rebuilds the merge, which can then be dissolved as before the export.
///
/// A member takes no part in any metric (its merge counts its citations), so a file with
/// marks gives the curated search's metrics read by `scholar metrics` too.
public struct MergeMark: Sendable, Hashable, Codable {
    /// This record is merge number `number` of its search ("Merge #3").
    public var number: Int?
    /// This record is one of the records merge number `memberOf` stands for.
    public var memberOf: Int?

    public init(number: Int? = nil, memberOf: Int? = nil) {
        self.number = number
        self.memberOf = memberOf
    }

    /// "3": a merge number as the files write it; `nil` for anything but a positive whole number.
    static func number(in text: String?) -> Int? {
        guard let text, let number = Int(text.trimmingWhitespace()), number > 0 else { return nil }
        return number
    }

    /// A mark from the two numbers a file gave, `nil` when it gave neither.
    static func read(number: String?, memberOf: String?) -> MergeMark? {
        let mark = MergeMark(number: Self.number(in: number), memberOf: Self.number(in: memberOf))
        return mark == MergeMark() ? nil : mark
    }
}

extension Publication {
    /// A record a merge stands for, written after it by an export with every paper: its merge
    /// counts it, so it does not count itself.
    public var isMergeMember: Bool { details?.mergeMark?.memberOf != nil }
}
