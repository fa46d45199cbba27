import Fetch
import Foundation

/// Where the services of issue 43 answer and how they are asked: the CLI and `serve` fill it
/// from their options and the environment (`S2_API_KEY`, `NCBI_API_KEY`, `BOTTEGA_CONTACT`).
public struct ServiceSettings: Sendable {
    /// A service's address instead of its public one (tests, a mirror).
    public var baseURLs: [ScholarService: URL] = [:]
    public var semanticScholarKey: String?
    public var ncbiKey: String?
    /// An e-mail address: Crossref's polite pool (`mailto`) and NCBI's `email`.
    public var contact: String?

    public init(baseURLs: [ScholarService: URL] = [:], semanticScholarKey: String? = nil, ncbiKey: String? = nil, contact: String? = nil) {
        self.baseURLs = baseURLs
        self.semanticScholarKey = semanticScholarKey
        self.ncbiKey = ncbiKey
        self.contact = contact
    }

    /// The settings the environment gives: the keys, the contact address, and a service's
    /// address in `BOTTEGA_<SERVICE>_URL` (`BOTTEGA_SEMANTIC_SCHOLAR_URL`). An address that is
    /// not http(s) is named in the error.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ScholarServiceError) -> ServiceSettings {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        var settings = ServiceSettings(semanticScholarKey: value("S2_API_KEY"), ncbiKey: value("NCBI_API_KEY"), contact: value("BOTTEGA_CONTACT"))
        for service in ScholarService.allCases {
            guard let text = value(service.addressVariable) else { continue }
            try settings.setAddress(text, of: service)
        }
        return settings
    }

    /// Points `service` at `text`, an http(s) address.
    public mutating func setAddress(_ text: String, of service: ScholarService) throws(ScholarServiceError) {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw .invalidRequest(service: service, reason: "\(text) is not an http(s) address")
        }
        baseURLs[service] = url
    }
}

extension ScholarSearchRunner {
    public var crossref: CrossrefClient {
        CrossrefClient(fetcher: fetcher, baseURL: services.baseURLs[.crossref], contact: services.contact, cacheMaxAge: cacheMaxAge)
    }

    public var semanticScholar: SemanticScholarClient {
        SemanticScholarClient(fetcher: fetcher, baseURL: services.baseURLs[.semanticScholar], apiKey: services.semanticScholarKey, cacheMaxAge: cacheMaxAge)
    }

    public var pubmed: PubMedClient {
        PubMedClient(fetcher: fetcher, baseURL: services.baseURLs[.pubmed], apiKey: services.ncbiKey, contact: services.contact, cacheMaxAge: cacheMaxAge)
    }

    public var orcid: ORCIDClient { ORCIDClient(fetcher: fetcher, baseURL: services.baseURLs[.orcid], cacheMaxAge: cacheMaxAge) }

    public var dblp: DBLPClient { DBLPClient(fetcher: fetcher, baseURL: services.baseURLs[.dblp], cacheMaxAge: cacheMaxAge) }

    /// A search of Crossref, Semantic Scholar, PubMed, ORCID or dblp. Years the service cannot
    /// filter by are applied here; Crossref's loose author match is judged by the name filter.
    func fetchFromService(_ parameters: SearchParameters, progress: (@Sendable (SourceProgress) -> Void)?) async throws -> FetchedSearch {
        let query = parameters.query
        let name = query.author?.trimmingCharacters(in: .whitespaces) ?? ""
        let found: ServiceSearchResult
        var window = YearWindow(from: query.fromYear, to: query.toYear)
        switch parameters.source {
        case .crossref:
            found = try await crossref.works(byAuthor: name, fromYear: query.fromYear, toYear: query.toYear, maxResults: query.maxResults, progress: progress)
            window = YearWindow()
        case .pubmed:
            found = try await pubmed.articles(byAuthor: name, fromYear: query.fromYear, toYear: query.toYear, maxResults: query.maxResults, progress: progress)
            window = YearWindow()
        case .semanticScholar:
            found = try await semanticScholar.publications(forAuthorNamed: name, authorID: parameters.authorID, maxResults: query.maxResults, progress: progress)
        case .orcid:
            found = try await orcid.works(of: try ORCIDClient.identifier(parameters.profileID ?? ""))
        case .dblp:
            found = try await dblp.publications(forAuthorNamed: name, pid: parameters.profileID, chosenID: parameters.authorID, maxResults: query.maxResults)
        case .scholar, .profile, .openalex, .file:
            preconditionFailure("fetchFromService asked for \(parameters.source)")
        }
        let kept = found.publications.filter { window.contains($0.year) }
        var fetched = FetchedSearch(
            publications: Array(kept.prefix(query.maxResults)), totalResults: found.total, note: found.note, pagesFromCache: found.pagesFromCache,
            authorCandidates: found.candidates)
        if parameters.source == .crossref, parameters.filterByAuthorName, let filter = AuthorNameFilter(searchedName: name) {
            fetched.excludeByName(filter)
        }
        return fetched
    }
}
