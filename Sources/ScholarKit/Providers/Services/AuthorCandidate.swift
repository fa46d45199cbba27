/// One author record a name matched (OpenAlex, Semantic Scholar, dblp): what a user needs to
/// tell namesakes apart, and whether it is the one the search used.
public struct AuthorCandidate: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    public var institution: String?
    public var works: Int
    /// 0 for services that count none (dblp).
    public var citations: Int
    public var isChosen: Bool

    public init(id: String, name: String, institution: String?, works: Int, citations: Int, isChosen: Bool) {
        self.id = id
        self.name = name
        self.institution = institution
        self.works = works
        self.citations = citations
        self.isChosen = isChosen
    }
}

extension [AuthorCandidate] {
    /// The record to use for `query`: the user's `chosenID` when given (nil when it is not among
    /// them), else as OpenAlex's records are chosen (`OpenAlexAuthorMatch`): a record named
    /// exactly so before the others, then the one with the most works, ties in the service's order.
    func choose(for query: String, chosenID: String?) -> AuthorCandidate? {
        if let chosenID { return first { $0.id == chosenID } }
        let wanted = OpenAlexAuthorMatch.normalized(query)
        let exact = filter { OpenAlexAuthorMatch.normalized($0.name) == wanted }
        var best: AuthorCandidate?
        for candidate in exact.isEmpty ? self : exact where best == nil || candidate.works > (best?.works ?? 0) {
            best = candidate
        }
        return best
    }

    /// The same records with `chosen` marked.
    func marking(_ chosen: AuthorCandidate) -> [AuthorCandidate] {
        map { candidate in
            var marked = candidate
            marked.isChosen = candidate.id == chosen.id
            return marked
        }
    }
}
