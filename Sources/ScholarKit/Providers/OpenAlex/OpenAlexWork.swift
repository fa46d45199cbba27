import Foundation

/// An OpenAlex work (`/works` results, `/works/ID`), reduced to the fields Bottega uses.
/// Unknown fields are ignored and every field may be missing or `null`.
public struct OpenAlexWork: Decodable, Sendable, Equatable {
    /// The full URL form, `https://openalex.org/W…`.
    public var id: String?
    /// As a URL, `https://doi.org/10.…`.
    public var doi: String?
    public var title: String?
    public var displayName: String?
    public var publicationYear: Int?
    public var citedByCount: Int?
    public var countsByYear: [OpenAlexYearCount]
    public var authorships: [Authorship]
    /// OpenAlex cuts `authorships` at 100 entries in list responses and then sets this flag
    /// (docs: "Works with more than 100 authors are truncated"; the single-work endpoint is
    /// never truncated). None of the real fixtures has it, as none has over 100 authors.
    public var isAuthorsTruncated: Bool?
    public var primaryLocation: Location?
    /// "article", "preprint", "book-chapter", …
    public var type: String?
    /// The other identifiers: `openalex`, `doi`, `mag`, `pmid`, `pmcid`, all as strings.
    public var ids: [String: String]
    /// The API URL listing the works that cite this one.
    public var citedByAPIURL: String?

    public struct Authorship: Decodable, Sendable, Equatable {
        public var author: Author?
        public var authorPosition: String?

        public struct Author: Decodable, Sendable, Equatable {
            public var id: String?
            public var displayName: String?
            public var orcid: String?

            private enum CodingKeys: String, CodingKey {
                case id, orcid
                case displayName = "display_name"
            }
        }

        private enum CodingKeys: String, CodingKey {
            case author
            case authorPosition = "author_position"
        }
    }

    public struct Location: Decodable, Sendable, Equatable {
        public var landingPageURL: String?
        public var pdfURL: String?
        public var source: Source?

        public struct Source: Decodable, Sendable, Equatable {
            public var displayName: String?
            /// The publisher (or, for a repository, its host institution).
            public var hostOrganizationName: String?
            public var type: String?

            private enum CodingKeys: String, CodingKey {
                case type
                case displayName = "display_name"
                case hostOrganizationName = "host_organization_name"
            }
        }

        private enum CodingKeys: String, CodingKey {
            case source
            case landingPageURL = "landing_page_url"
            case pdfURL = "pdf_url"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, doi, title, type, ids, authorships
        case displayName = "display_name"
        case publicationYear = "publication_year"
        case citedByCount = "cited_by_count"
        case countsByYear = "counts_by_year"
        case isAuthorsTruncated = "is_authors_truncated"
        case primaryLocation = "primary_location"
        case citedByAPIURL = "cited_by_api_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        doi = try container.decodeIfPresent(String.self, forKey: .doi)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        publicationYear = try container.decodeIfPresent(Int.self, forKey: .publicationYear)
        citedByCount = try container.decodeIfPresent(Int.self, forKey: .citedByCount)
        countsByYear = try container.decodeIfPresent([OpenAlexYearCount].self, forKey: .countsByYear) ?? []
        authorships = try container.decodeIfPresent([Authorship].self, forKey: .authorships) ?? []
        isAuthorsTruncated = try container.decodeIfPresent(Bool.self, forKey: .isAuthorsTruncated)
        primaryLocation = try container.decodeIfPresent(Location.self, forKey: .primaryLocation)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        // `ids` values are strings today; a non-string value is dropped rather than failing the work.
        let rawIDs = try? container.decodeIfPresent([String: String?].self, forKey: .ids)
        ids = (rawIDs ?? [:]).compactMapValues { $0 }
        citedByAPIURL = try container.decodeIfPresent(String.self, forKey: .citedByAPIURL)
    }

    /// The short key (`W2741809807`).
    public var shortID: String? { id.map(OpenAlexID.short) }
}
