import Markup

/// One page of a Google Scholar profile (`/citations?user=ID&cstart=…&pagesize=…`).
public struct GoogleScholarProfilePage: Sendable, Hashable, Codable {
    public var name: String?
    /// The first line under the name ("Professor of Chemical Engineering, McGill Univeristy").
    public var affiliation: String?
    public var interests: [String]
    public var indices: GoogleScholarProfileIndices?
    /// The article rows of this page, in the page's order. `url` is the row's
    /// `citation_for_view` page; `citedByURL`/`clusterID` come from its citation count link.
    public var publications: [GoogleScholarResult]
    /// Citations per year from the bar chart, 0 for years with a label and no bar; `nil` without a chart.
    public var citationsPerYear: [Int: Int]?
    /// "Show more" is enabled: the profile has rows after these; fetch again with
    /// `cstart` = the rows read so far.
    public var hasMoreRows: Bool
    /// The saved bytes stop before `</html>`: `publications` are those the page got to.
    public var looksTruncated: Bool

    public init(
        name: String? = nil, affiliation: String? = nil, interests: [String] = [], indices: GoogleScholarProfileIndices? = nil,
        publications: [GoogleScholarResult] = [], citationsPerYear: [Int: Int]? = nil, hasMoreRows: Bool = false, looksTruncated: Bool = false
    ) {
        self.name = name
        self.affiliation = affiliation
        self.interests = interests
        self.indices = indices
        self.publications = publications
        self.citationsPerYear = citationsPerYear
        self.hasMoreRows = hasMoreRows
        self.looksTruncated = looksTruncated
    }

    /// Parses a profile page of any vintage in the fixtures (2017 "Save as" to 2026).
    public static func parse(html: [UInt8]) throws(GoogleScholarParseError) -> GoogleScholarProfilePage {
        let document = try GoogleScholarMarkup.document(html)
        switch GoogleScholarPageKind.detect(in: document) {
        case .profile: break
        case let found?: throw .wrongPageKind(expected: .profile, found: found)
        case nil: throw GoogleScholarMarkup.missingContentError(document, html: html)
        }
        return parse(document: document, looksTruncated: GoogleScholarMarkup.looksTruncated(html))
    }

    static func parse(document: MarkupDocument, looksTruncated: Bool) -> GoogleScholarProfilePage {
        let c = GoogleScholarMarkup.hasClass
        let rows = (try? document.select("//tr[\(c("gsc_a_tr"))][.//a[\(c("gsc_a_at"))]]")) ?? []
        let moreButton = try? document.first("//button[@id='gsc_bpf_more']")
        return GoogleScholarProfilePage(
            name: GoogleScholarMarkup.firstText("//*[@id='gsc_prf_in']", in: document),
            // The affiliation line is the `div.gsc_prf_il` without an id: the e-mail line is
            // `#gsc_prf_ivh` and the interests line `#gsc_prf_int` (2019–2026; the 2017 page
            // has an extra empty one).
            affiliation: GoogleScholarMarkup.firstText("//div[\(c("gsc_prf_il"))][not(@id)][normalize-space()]", in: document),
            interests: ((try? document.select("//a[\(c("gsc_prf_inta"))]")) ?? []).map(\.normalizedText).filter { !$0.isEmpty },
            indices: GoogleScholarProfileIndices.read(from: document),
            publications: rows.map(row),
            citationsPerYear: GoogleScholarCitationHistogram.citationsPerYear(
                in: document, labelClass: "gsc_g_t", barClass: "gsc_g_a", countClass: "gsc_g_al"
            ),
            hasMoreRows: moreButton.map { $0.attribute("disabled") == nil } ?? false,
            looksTruncated: looksTruncated
        )
    }

    static func hasProfileMarkup(_ document: MarkupDocument) -> Bool {
        GoogleScholarMarkup.has(
            "//*[@id='gsc_prf_in' or @id='gsc_rsb_st' or @id='gsc_a_t'] | //tr[\(GoogleScholarMarkup.hasClass("gsc_a_tr"))]",
            in: document
        )
    }

    /// One `tr.gsc_a_tr`: `a.gsc_a_at` title and link; the first `div.gs_gray` authors ("…"
    /// or "..." when cut); the second venue, with `span.gs_oph` ", YEAR" inside it; `a.gsc_a_ac`
    /// citations (an EMPTY anchor means 0, 2019 Kietzig row 1); `span.gsc_a_h` year (may be empty).
    private static func row(_ row: MarkupNode) -> GoogleScholarResult {
        let c = GoogleScholarMarkup.hasClass
        let titleLink = try? row.first(".//a[\(c("gsc_a_at"))]")
        let grayLines = (try? row.select(".//td[\(c("gsc_a_t"))]/div[\(c("gs_gray"))]")) ?? []
        let authorText = grayLines.first?.normalizedText ?? ""
        let (authors, truncated) = AuthorList.cleaned(authorText.split(separator: ",").map(String.init))
        let venue = grayLines.count > 1 ? GoogleScholarMarkup.text(of: grayLines[1], excluding: c("gs_oph")) : ""
        let citationLink = try? row.first(".//a[\(c("gsc_a_ac"))]")
        let citedByURL = GoogleScholarMarkup.absoluteURL(citationLink?.attribute("href"))
        let yearText = GoogleScholarMarkup.firstText(".//span[\(c("gsc_a_h"))]", in: row)
            ?? (grayLines.count > 1 ? GoogleScholarMarkup.firstText(".//span[\(c("gs_oph"))]", in: grayLines[1]) : nil)
        return GoogleScholarResult(
            title: titleLink?.normalizedText ?? "",
            url: GoogleScholarMarkup.absoluteURL(titleLink?.attribute("href")),
            authors: authors,
            authorsTruncated: truncated,
            venue: venue.isEmpty ? nil : venue,
            year: yearText.flatMap(FieldText.year(in:)),
            citations: citationLink.flatMap { GoogleScholarMarkup.integer(in: $0.normalizedText) } ?? 0,
            citedByURL: citedByURL,
            clusterID: GoogleScholarMarkup.queryParameter("cites", in: citedByURL)
        )
    }
}
