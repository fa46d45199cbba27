import Foundation

/// Why one entry of a change-feed page was refused.
public struct ChangeFeedEntryError: Error, LocalizedError, Sendable, Hashable {
    public enum Problem: Sendable, Hashable {
        case emptyRecordID
        case invalidField(kind: MasterDataKind, FieldProblem)
    }

    /// The entry's 0-based place in `changes`.
    public let index: Int
    public let remoteID: String
    public let problem: Problem

    public init(index: Int, remoteID: String, problem: Problem) {
        self.index = index
        self.remoteID = remoteID
        self.problem = problem
    }

    public var code: String {
        switch problem {
        case .emptyRecordID: "sync.feed.emptyRecordID"
        case .invalidField(_, let field): "sync.feed." + field.code
        }
    }

    public var errorDescription: String? {
        switch problem {
        case .emptyRecordID:
            "Change \(index) has an empty remoteID."
        case .invalidField(let kind, let field):
            "Change \(index) (\(kind.rawValue) \(remoteID)): \(field.message)."
        }
    }
}

/// Why a change-feed page was refused as a whole: every bad entry. Nothing was applied, and
/// the page's cursor must not be stored.
public struct ChangeFeedRejection: Error, LocalizedError, Sendable, Hashable {
    public let errors: [ChangeFeedEntryError]

    public init(errors: [ChangeFeedEntryError]) { self.errors = errors }

    public var code: String { "sync.feed.rejected" }

    public var errorDescription: String? {
        let shown = errors.prefix(20).compactMap(\.errorDescription).joined(separator: " ")
        let more = errors.count > 20 ? " … and \(errors.count - 20) more." : ""
        return "Nothing was changed: \(errors.count) change" + (errors.count == 1 ? " is" : "s are") + " not valid. " + shown + more
    }
}
