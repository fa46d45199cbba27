/// The whole author list of a publication whose source cut it ("F Zhang, L Cong, …"), from
/// OpenAlex, which lists up to 100 authors per work.
///
/// Google Scholar's result lines keep the first few authors and an ellipsis, so the name
/// filter cannot tell whether the searched researcher is among the rest. The work is looked up
/// by its title; it is taken only when OpenAlex's title is the same (similarity ≥ 0.9) and the
/// years, when both are known, are at most one apart (preprint and journal versions).
public struct FullAuthorLists: Sendable {
    public let client: OpenAlexClient
    public var titleThreshold = 0.9

    public init(client: OpenAlexClient) {
        self.client = client
    }

    /// The full author list of `publication`, or `nil` when OpenAlex has no such work.
    public func authors(of publication: Publication) async throws(OpenAlexError) -> [String]? {
        let wanted = MatchText.normalizedTitle(publication.title)
        guard HomepageFilter.isDistinctive(wanted) else { return nil }
        var best: (authors: [String], similarity: Double)?
        for work in try await client.works(titled: publication.title) {
            let title = MatchText.normalizedTitle(work.title ?? work.displayName ?? "")
            guard let similarity = TitleSimilarity.ratio(wanted, title, atLeast: titleThreshold),
                  similarity > (best?.similarity ?? 0) else { continue }
            if let year = publication.year, let other = work.publicationYear, abs(year - other) > 1 { continue }
            let authors = work.authorships.compactMap { $0.author?.displayName }
            guard !authors.isEmpty else { continue }
            best = (authors, similarity)
        }
        return best?.authors
    }
}

/// What completing cut author lists did, for the user to judge it.
public struct AuthorCompletion: Sendable, Equatable {
    /// Publications whose author list was cut and so looked up.
    public var looked = 0
    /// Of those, found at OpenAlex and now complete.
    public var completed = 0
    /// Of the completed, those the name filter now excludes (reason `name`).
    public var excluded = 0

    public init(looked: Int = 0, completed: Int = 0, excluded: Int = 0) {
        self.looked = looked
        self.completed = completed
        self.excluded = excluded
    }

    /// "authors completed for 3 of 4 cut lists from OpenAlex; 1 now excluded by the name filter".
    public var summary: String {
        guard looked > 0 else { return "no author list was cut: nothing to complete" }
        return "authors completed for \(completed) of \(looked) cut lists from OpenAlex; \(excluded) now excluded by the name filter"
    }
}

extension FetchedSearch {
    /// Completes the cut author lists of the publications the name filter kept only because
    /// their lists were cut, then judges them again: one whose whole list names someone else is
    /// excluded (reason `name`), restorable like any other.
    public mutating func completeAuthors(with lists: FullAuthorLists, filter: AuthorNameFilter) async throws(OpenAlexError) -> AuthorCompletion {
        var completion = AuthorCompletion()
        for index in publications.indices where publications[index].authorsTruncated && exclusions[index] == nil {
            completion.looked += 1
            guard let authors = try await lists.authors(of: publications[index]) else { continue }
            publications[index].authors = authors
            publications[index].authorsTruncated = false
            completion.completed += 1
            if !filter.matches(authors) {
                exclusions[index] = "name"
                completion.excluded += 1
            }
        }
        if completion.completed > 0 { nameFilter = filter.judge(publications, authors: \.authors, truncated: \.authorsTruncated).outcome }
        return completion
    }
}
