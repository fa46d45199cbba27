import Fetch
import Foundation

/// A researcher's publications from OpenAlex, by name: search, choose, fetch every work.
public struct OpenAlexSource: Sendable {
    public let client: OpenAlexClient

    public init(client: OpenAlexClient) {
        self.client = client
    }

    /// Searches `name`, picks the best match (`OpenAlexAuthorMatch`), and fetches its works.
    /// `authorID` (A…) is the user's choice among the name's matches; without it the best match
    /// is taken and the others are returned as `candidates` for the user to choose from.
    public func publications(
        forAuthorNamed name: String,
        authorID: String? = nil,
        maxResults: Int? = nil,
        progress: (@Sendable (OpenAlexProgress) -> Void)? = nil
    ) async throws(OpenAlexError) -> OpenAlexAuthorPublications {
        let candidates = try await client.searchAuthors(name)
        let chosen: OpenAlexAuthorSummary?
        if let authorID {
            let wanted = OpenAlexID.short(authorID)
            guard let match = candidates.first(where: { $0.shortID == wanted }) else { throw OpenAlexError.notFound(id: wanted) }
            chosen = match
        } else {
            chosen = OpenAlexAuthorMatch.best(candidates, for: name)
        }
        guard let author = chosen, let id = author.shortID else {
            throw OpenAlexError.authorNotFound(query: name)
        }
        let works = try await client.works(ofAuthor: id, maxResults: maxResults, progress: progress)
        return OpenAlexAuthorPublications(author: author, candidates: candidates, works: works)
    }
}

/// What `OpenAlexSource` found for one name.
public struct OpenAlexAuthorPublications: Sendable {
    /// The record chosen.
    public var author: OpenAlexAuthorSummary
    /// Every record the search returned, in OpenAlex's order, so a user can pick another.
    public var candidates: [OpenAlexAuthorSummary]
    /// The works as OpenAlex sent them, for per-paper `counts_by_year`.
    public var works: [OpenAlexWork]

    public var publications: [Publication] { works.map(\.publication) }

    /// Citations per year summed over all the works (recent years only, as OpenAlex lists them).
    public var citationsPerYear: [Int: Int] {
        works.reduce(into: [:]) { total, work in
            for (year, count) in work.citationsPerYear { total[year, default: 0] += count }
        }
    }
}
