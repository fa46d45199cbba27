/// A group of publications that look like one work, for the user to accept or reject.
public struct DuplicateSuggestion: Sendable, Equatable, Codable {
    /// Indices into the list the suggestions were found in: at least two, ascending.
    public var members: [Int]
    /// The weakest rule that joined the group: `.similarTitle` when any link was a fuzzy
    /// title match, else `.sameTitle` when any was an exact title match, else `.sameDOI`.
    public var reason: Reason
    /// The lowest title similarity among the links that joined the group; 1 when every link
    /// was an exact title or a shared DOI.
    public var similarity: Double

    /// Why publications were put in one group.
    public enum Reason: String, Sendable, Codable {
        /// The same DOI after normalisation, whatever the titles say.
        case sameDOI
        /// The same title after Zotero's normalisation, a compatible year and authors.
        case sameTitle
        /// Titles at least `DuplicateFinder.titleThreshold` alike, a compatible year and a shared surname.
        case similarTitle

        /// Order of weakness: a group is as doubtful as its weakest link.
        var weakness: Int {
            switch self {
            case .sameDOI: 0
            case .sameTitle: 1
            case .similarTitle: 2
            }
        }
    }

    public init(members: [Int], reason: Reason, similarity: Double) {
        self.members = members
        self.reason = reason
        self.similarity = similarity
    }
}
