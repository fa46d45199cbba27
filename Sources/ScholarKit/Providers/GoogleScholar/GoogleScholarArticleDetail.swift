import Markup

/// The page of one article of a profile (`/citations?view_op=view_citation&citation_for_view=…`):
/// its full author list, date, venue and its own citations-per-year chart.
///
/// Fields are `div.gsc_oci_field` / `div.gsc_oci_value` pairs (2024 fixture), named in the
/// page's language; the readings below use the English names (`hl=en`) and `fields` keeps all.
public struct GoogleScholarArticleDetail: Sendable, Hashable, Codable {
    public var title: String
    public var url: String?
    /// The full author list: the article page does not cut it, unlike the profile row.
    public var authors: [String]
    /// As written, "2018/9/16".
    public var publicationDate: String?
    public var year: Int?
    /// Journal, conference, book or source, whichever the page gives.
    public var venue: String?
    public var publisher: String?
    public var totalCitations: Int
    public var citedByURL: String?
    public var clusterID: String?
    public var citationsPerYear: [Int: Int]?
    /// Every field of the page, by its label ("Volume": "6", "Pages": "53019-53033").
    public var fields: [String: String]

    /// Parses an article page; `.notAScholarPage` when the page has no article fields
    /// (`.truncatedBeforeContent` when it is a Scholar page cut short).
    public static func parse(html: [UInt8]) throws(GoogleScholarParseError) -> GoogleScholarArticleDetail {
        let document = try GoogleScholarMarkup.document(html)
        switch GoogleScholarPageKind.detect(in: document) {
        case .article: break
        case let found?: throw .wrongPageKind(expected: .article, found: found)
        case nil: throw GoogleScholarMarkup.missingContentError(document, html: html)
        }
        return parse(document: document)
    }

    static func hasArticleMarkup(_ document: MarkupDocument) -> Bool {
        GoogleScholarMarkup.has("//*[@id='gsc_oci_title'] | //div[\(GoogleScholarMarkup.hasClass("gsc_oci_field"))]", in: document)
    }

    static func parse(document: MarkupDocument) -> GoogleScholarArticleDetail {
        let c = GoogleScholarMarkup.hasClass
        var fields: [String: String] = [:]
        for label in (try? document.select("//div[\(c("gsc_oci_field"))]")) ?? [] {
            let value = try? label.first("following-sibling::div[\(c("gsc_oci_value"))][1]")
            let name = label.normalizedText
            if !name.isEmpty, let value { fields[name] = value.normalizedText }
        }
        let citedByLink = try? document.first("//div[\(c("gsc_oci_value"))]//a[contains(@href, 'cites=')]")
        let citedByURL = GoogleScholarMarkup.absoluteURL(citedByLink?.attribute("href"))
        let titleLink = try? document.first("//*[@id='gsc_oci_title']//a")
        let date = fields["Publication date"]
        return GoogleScholarArticleDetail(
            title: GoogleScholarMarkup.firstText("//*[@id='gsc_oci_title']", in: document) ?? "",
            url: GoogleScholarMarkup.absoluteURL(titleLink?.attribute("href")),
            authors: AuthorList.cleaned((fields["Authors"] ?? fields["Inventors"] ?? "").split(separator: ",").map(String.init)).authors,
            publicationDate: date,
            year: date.flatMap(FieldText.year(in:)),
            venue: fields["Journal"] ?? fields["Conference"] ?? fields["Book"] ?? fields["Source"],
            publisher: fields["Publisher"],
            totalCitations: citedByLink.flatMap { GoogleScholarMarkup.integer(in: $0.normalizedText) } ?? 0,
            citedByURL: citedByURL,
            clusterID: GoogleScholarMarkup.queryParameter("cites", in: citedByURL),
            citationsPerYear: GoogleScholarCitationHistogram.citationsPerYear(
                in: document, labelClass: "gsc_oci_g_t", barClass: "gsc_oci_g_a", countClass: "gsc_oci_g_al"
            ),
            fields: fields
        )
    }

    /// The article as a ScholarKit publication.
    public var publication: Publication {
        Publication(
            title: title, authors: authors, year: year, citations: totalCitations, venue: venue,
            publisher: publisher, articleURL: url, citesURL: citedByURL
        )
    }
}
