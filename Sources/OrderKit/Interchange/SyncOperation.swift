/// What a sync line or a change-feed entry does to a record: the thesis's `ins|upd|del`.
public enum SyncOperation: String, Sendable, Hashable, Codable, CaseIterable {
    case insert
    case update
    case delete

    /// The token of the thesis's line format.
    public var thesisToken: String {
        switch self {
        case .insert: "ins"
        case .update: "upd"
        case .delete: "del"
        }
    }

    /// The operation of a thesis token (`ins`, `upd`, `del`; exact, lower case).
    public init?(thesisToken: String) {
        guard let operation = Self.allCases.first(where: { $0.thesisToken == thesisToken }) else { return nil }
        self = operation
    }
}
