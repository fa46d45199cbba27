/// A work as Crossref's REST API writes it (`/works/{doi}`'s `message`, an item of `/works`'s
/// `message.items`), with `is-referenced-by-count` as its citations.
struct CrossrefWork: Decodable, Sendable {
    struct Author: Decodable, Sendable {
        let given: String?
        let family: String?
        /// An organisation as author ("Paderborn University"): not a person, so not an author name.
        let name: String?
    }

    struct DateParts: Decodable, Sendable {
        let dateParts: [[Int?]]?

        private enum CodingKeys: String, CodingKey { case dateParts = "date-parts" }

        var year: Int? { dateParts?.first?.first ?? nil }
    }

    let doi: String?
    let title: [String]?
    let subtitle: [String]?
    let author: [Author]?
    let containerTitle: [String]?
    let publisher: String?
    let type: String?
    let url: String?
    let citations: Int?
    let volume: String?
    let issue: String?
    let page: String?
    let issn: [String]?
    let issued: DateParts?
    let publishedPrint: DateParts?
    let publishedOnline: DateParts?
    let created: DateParts?

    private enum CodingKeys: String, CodingKey {
        case doi = "DOI", title, subtitle, author, publisher, type, url = "URL", volume, issue, page, issn = "ISSN", issued, created
        case containerTitle = "container-title", citations = "is-referenced-by-count"
        case publishedPrint = "published-print", publishedOnline = "published-online"
    }

    /// The year the work was issued, else printed, published online or registered.
    var year: Int? { [issued, publishedPrint, publishedOnline, created].lazy.compactMap { $0?.year }.first }

    var publication: Result<Publication, PublicationShapeError> {
        let title = (title?.first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .failure(.init("a work without a title (DOI \(doi ?? "none"))")) }
        let subtitle = subtitle?.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let people = (author ?? []).compactMap { author -> String? in
            guard let family = author.family, !family.isEmpty else { return nil }
            return [author.given, family].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let details = PublicationDetails(volume: volume, issue: issue, pages: page, issn: issn?.first)
        return .success(Publication(
            title: subtitle.isEmpty ? title : "\(title): \(subtitle)",
            authors: people,
            year: year,
            citations: citations ?? 0,
            venue: containerTitle?.first,
            publisher: publisher,
            articleURL: url ?? doi.map { "https://doi.org/\($0)" },
            doi: doi.map(FieldText.bareDOI),
            type: type,
            details: details.orNilWhenEmpty))
    }
}

/// Crossref's envelope: `{"status": "ok", "message-type": "work" | "work-list", "message": …}`.
enum CrossrefAnswer {
    struct Single: Decodable, Sendable {
        let message: CrossrefWork
    }

    struct List: Decodable, Sendable {
        struct Message: Decodable, Sendable {
            let items: [CrossrefWork]
            let totalResults: Int?
            let nextCursor: String?

            private enum CodingKeys: String, CodingKey {
                case items, totalResults = "total-results", nextCursor = "next-cursor"
            }
        }

        let message: Message
    }
}
