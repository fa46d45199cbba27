/// A paper as the Semantic Scholar Graph API writes it (`/graph/v1/author/{id}/papers`, the
/// `papers` of `/graph/v1/author/{id}?fields=papers…`, a search's `data`): only the fields asked
/// for are present, so every one is optional but the title.
struct SemanticScholarPaper: Decodable, Sendable {
    struct Author: Decodable, Sendable {
        let authorId: String?
        let name: String?
    }

    struct Journal: Decodable, Sendable {
        let name: String?
        let volume: String?
        let pages: String?
    }

    let paperId: String?
    let title: String?
    let year: Int?
    let venue: String?
    let journal: Journal?
    let citationCount: Int?
    let authors: [Author]?
    let externalIds: [String: ExternalID]?
    let url: String?
    let publicationTypes: [String]?
    let abstract: String?

    /// `externalIds` values are strings ("DOI") or numbers ("CorpusId").
    enum ExternalID: Decodable, Sendable {
        case text(String)
        case number(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            }
        }
    }

    var publication: Result<Publication, PublicationShapeError> {
        let title = (title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .failure(.init("a paper without a title (paperId \(paperId ?? "none"))")) }
        let venue = [venue, journal?.name].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        let doi = externalIds?["DOI"]?.text
        let details = PublicationDetails(volume: journal?.volume, pages: journal?.pages, abstract: abstract)
        return .success(Publication(
            title: title,
            authors: (authors ?? []).compactMap(\.name),
            year: year,
            citations: citationCount ?? 0,
            venue: venue,
            articleURL: url,
            doi: doi.map(FieldText.bareDOI),
            type: publicationTypes?.first,
            details: details.orNilWhenEmpty))
    }
}

/// The Semantic Scholar answers that hold papers: an author with `papers`, or a page of an
/// author's papers (`{"offset", "next", "data": [...]}`).
enum SemanticScholarAnswer {
    struct Author: Decodable, Sendable {
        let authorId: String?
        let name: String?
        let papers: [SemanticScholarPaper]
    }

    struct Page: Decodable, Sendable {
        let data: [SemanticScholarPaper]
        /// The offset of the next page; absent on the last.
        let next: Int?
    }

    /// `/author/search`'s answer: `{"total", "offset", "next"?, "data": [author]}`.
    struct AuthorSearch: Decodable, Sendable {
        struct Author: Decodable, Sendable {
            let authorId: String?
            let name: String?
            let affiliations: [String]?
            let paperCount: Int?
            let citationCount: Int?

            var candidate: AuthorCandidate? {
                guard let authorId, !authorId.isEmpty else { return nil }
                return AuthorCandidate(
                    id: authorId, name: name ?? "unnamed", institution: affiliations?.first, works: paperCount ?? 0,
                    citations: citationCount ?? 0, isChosen: false)
            }
        }

        let data: [Author]
    }
}
