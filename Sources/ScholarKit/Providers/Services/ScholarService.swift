import Foundation

/// The bibliographic services Bottega asks besides Google Scholar and OpenAlex (issue 43): what
/// each is called, where it answers, and how it wants to be asked.
public enum ScholarService: String, Sendable, Hashable, Codable, CaseIterable {
    case crossref
    case semanticScholar = "semantic-scholar"
    case pubmed
    case orcid
    case dblp

    public var name: String {
        switch self {
        case .crossref: "Crossref"
        case .semanticScholar: "Semantic Scholar"
        case .pubmed: "PubMed"
        case .orcid: "ORCID"
        case .dblp: "dblp"
        }
    }

    public var defaultBaseURL: URL {
        let text = switch self {
        case .crossref: "https://api.crossref.org"
        case .semanticScholar: "https://api.semanticscholar.org/graph/v1"
        case .pubmed: "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
        case .orcid: "https://pub.orcid.org/v3.0"
        case .dblp: "https://dblp.org"
        }
        guard let url = URL(string: text) else { preconditionFailure("the \(name) base URL literal does not parse") }
        return url
    }

    /// The environment variable that points the service elsewhere (a mirror, a test server).
    public var addressVariable: String {
        "BOTTEGA_" + rawValue.uppercased().replacingOccurrences(of: "-", with: "_") + "_URL"
    }

    /// The environment variable holding the service's API key, for those that take one.
    public var keyVariable: String? {
        switch self {
        case .semanticScholar: "S2_API_KEY"
        case .pubmed: "NCBI_API_KEY"
        case .crossref, .orcid, .dblp: nil
        }
    }

    /// Whether the service counts citations; those that do not give every paper 0.
    public var countsCitations: Bool {
        switch self {
        case .crossref, .semanticScholar: true
        case .pubmed, .orcid, .dblp: false
        }
    }

    /// Read by the metrics and the history: why the citation figures of such a search are 0.
    public var citationNotice: String? {
        countsCitations ? nil : "\(name) gives no citation counts: every paper counts 0 citations, so the citation metrics are 0"
    }
}
