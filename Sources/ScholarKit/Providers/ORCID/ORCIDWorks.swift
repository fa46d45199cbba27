/// ORCID's public API v3.0 answer to `GET /v3.0/{orcid}/works`: the researcher's works, in
/// groups of the same work reported by several sources (Crossref, Scopus, the researcher).
///
/// Each group is one publication: its first summary is the one ORCID shows (the preferred
/// source), and the group's identifiers hold the DOI. ORCID has no citation counts.
struct ORCIDWorks: Decodable, Sendable {
    struct Value<Wrapped: Decodable & Sendable>: Decodable, Sendable {
        let value: Wrapped?
    }

    struct ExternalIDs: Decodable, Sendable {
        struct ExternalID: Decodable, Sendable {
            let type: String?
            let value: String?
            let relationship: String?

            private enum CodingKeys: String, CodingKey {
                case type = "external-id-type", value = "external-id-value", relationship = "external-id-relationship"
            }
        }

        let ids: [ExternalID]?

        private enum CodingKeys: String, CodingKey { case ids = "external-id" }

        /// The work's own DOI (not one of a part or a version of it). ORCID keeps what a source
        /// typed ("book1", "123"), flagged but kept; every DOI begins with "10.", so those are none.
        var doi: String? {
            (ids ?? []).lazy.filter { $0.type?.lowercased() == "doi" && ($0.relationship ?? "self") == "self" }
                .compactMap { $0.value.map(FieldText.bareDOI) }.first { $0.hasPrefix("10.") }
        }
    }

    struct Summary: Decodable, Sendable {
        struct Title: Decodable, Sendable {
            let title: Value<String>?
            let subtitle: Value<String>?
        }

        struct PublicationDate: Decodable, Sendable {
            let year: Value<String>?
        }

        let title: Title?
        let type: String?
        let publicationDate: PublicationDate?
        let journalTitle: Value<String>?
        let url: Value<String>?
        let externalIDs: ExternalIDs?
        let putCode: Int?

        private enum CodingKeys: String, CodingKey {
            case title, type, url
            case publicationDate = "publication-date", journalTitle = "journal-title", externalIDs = "external-ids", putCode = "put-code"
        }
    }

    struct Group: Decodable, Sendable {
        let externalIDs: ExternalIDs?
        let summaries: [Summary]?

        private enum CodingKeys: String, CodingKey {
            case externalIDs = "external-ids", summaries = "work-summary"
        }
    }

    let group: [Group]

    /// The group as one publication; nil (with why) when its summary has no title.
    static func publication(of group: Group) -> Result<Publication, PublicationShapeError> {
        guard let summary = group.summaries?.first else { return .failure(.init("a work group without a work summary")) }
        let title = (summary.title?.title?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .failure(.init("a work without a title (put-code \(summary.putCode.map(String.init) ?? "none"))")) }
        let subtitle = summary.title?.subtitle?.value?.trimmingCharacters(in: .whitespacesAndNewlines)
        let doi = group.externalIDs?.doi ?? summary.externalIDs?.doi
        return .success(Publication(
            title: subtitle.map { $0.isEmpty ? title : "\(title): \($0)" } ?? title,
            year: summary.publicationDate?.year?.value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            citations: 0,
            venue: summary.journalTitle?.value,
            articleURL: summary.url?.value ?? doi.map { "https://doi.org/\(FieldText.bareDOI($0))" },
            doi: doi.map(FieldText.bareDOI),
            type: summary.type))
    }
}

/// Why one record of a service's answer cannot be a publication.
struct PublicationShapeError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
