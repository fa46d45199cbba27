import Foundation

/// What one of the services answered for an author: the publications in the service's order,
/// the author records the name matched (for the services that have them), and how many answers
/// came from the cache.
public struct ServiceSearchResult: Sendable {
    public var publications: [Publication]
    /// How many the service says it holds for the question (more than `publications` when
    /// `maxResults` cut the list).
    public var total: Int
    /// Every author record the name matched, the one used marked (`isChosen`).
    public var candidates: [AuthorCandidate]
    public var pagesFromCache: Int
    /// One line for the user: whom the service took the name for, and how.
    public var note: String

    public init(publications: [Publication], total: Int, candidates: [AuthorCandidate] = [], pagesFromCache: Int = 0, note: String) {
        self.publications = publications
        self.total = total
        self.candidates = candidates
        self.pagesFromCache = pagesFromCache
        self.note = note
    }
}

/// The years a search asks for, applied to a service that cannot filter by them itself.
struct YearWindow: Sendable {
    var from: Int?
    var to: Int?

    var isOpen: Bool { from == nil && to == nil }

    func contains(_ year: Int?) -> Bool {
        guard !isOpen else { return true }
        guard let year else { return false }
        return year >= (from ?? .min) && year <= (to ?? .max)
    }
}
