import Hummingbird
import ScholarKit
import WebCore

/// What does not exist is 404, an edit that cannot be made 409, a request that makes no sense 400.
extension ScholarWorkspaceError: WebFailure {
    package var status: HTTPResponse.Status {
        switch self {
        case .unknownSearch, .unknownPublication: .notFound
        case .insideMerge, .notMerged, .notAMember, .cannotRerunFile: .conflict
        case .mergeNeedsTwo, .repeatedPublication, .nothingToCompare: .badRequest
        }
    }

    package var apiCode: String {
        switch self {
        case .unknownSearch: "unknown_search"
        case .unknownPublication: "unknown_publication"
        case .insideMerge: "inside_merge"
        case .notMerged: "not_merged"
        case .notAMember: "not_a_member"
        case .cannotRerunFile: "cannot_rerun_file"
        case .mergeNeedsTwo: "merge_needs_two"
        case .repeatedPublication: "repeated_publication"
        case .nothingToCompare: "same_search"
        }
    }
}
