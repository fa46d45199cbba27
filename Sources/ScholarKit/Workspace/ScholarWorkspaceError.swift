import Foundation

/// What a workspace operation refused, in words a user can act on.
public enum ScholarWorkspaceError: Error, Sendable, Equatable, LocalizedError {
    case unknownSearch(Int64)
    case unknownPublication(Int64, search: Int64)
    /// The publication is inside a merge: act on the merge, or dissolve it first.
    case insideMerge(Int64, merge: Int64)
    case mergeNeedsTwo(search: Int64)
    case repeatedPublication(Int64)
    case notMerged(Int64)
    case notAMember(Int64, merge: Int64)
    case cannotRerunFile(String)
    case nothingToCompare(Int64)

    public var errorDescription: String? {
        switch self {
        case .unknownSearch(let id):
            "there is no search #\(id): `bottega scholar history` lists the stored searches (cached ones are deleted after the cache age)"
        case .unknownPublication(let id, let search):
            "search #\(search) has no publication #\(id): `bottega scholar show \(search)` lists its publication ids"
        case .insideMerge(let id, let merge):
            "publication #\(id) is part of merge #\(merge): act on #\(merge), or dissolve it first"
        case .mergeNeedsTwo(let search):
            "a merge needs at least two different publications of search #\(search)"
        case .repeatedPublication(let id):
            "publication #\(id) is named twice: a publication cannot be merged into itself"
        case .notMerged(let id):
            "publication #\(id) is not a merge, so there is nothing to dissolve"
        case .notAMember(let member, let merge):
            "publication #\(member) is not a member of merge #\(merge)"
        case .cannotRerunFile(let name):
            "the search imported from \(name.isEmpty ? "a file" : name) has no source to ask again: import the file again instead"
        case .nothingToCompare(let id):
            "search #\(id) is compared with itself: give two different searches"
        }
    }
}
