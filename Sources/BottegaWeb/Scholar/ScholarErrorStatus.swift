import Hummingbird
import ScholarKit

/// The HTTP status of a workspace refusal: what does not exist is 404, what cannot be done 409.
enum ScholarErrorStatus {
    static func status(of error: ScholarWorkspaceError) -> HTTPResponse.Status {
        switch error {
        case .unknownSearch, .unknownPublication: .notFound
        case .insideMerge, .notMerged, .notAMember, .cannotRerunFile: .conflict
        case .mergeNeedsTwo, .repeatedPublication, .nothingToCompare: .badRequest
        }
    }

    static func code(of error: ScholarWorkspaceError) -> String {
        switch error {
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
