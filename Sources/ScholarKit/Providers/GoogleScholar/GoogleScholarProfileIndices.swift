import Markup

/// The "Cited by" table of a profile (`table#gsc_rsb_st`): citations, h-index and i10-index,
/// over all years and since a recent year (five years back: "Since 2012" in 2017, "Since 2021" in 2026).
///
/// Google's own figures, kept apart from metrics computed from the rows: a profile page
/// shows only its first rows (20 by default), so row-based figures may be lower.
public struct GoogleScholarProfileIndices: Sendable, Hashable, Codable {
    public var citations: Int?
    public var citationsSince: Int?
    public var hIndex: Int?
    public var hIndexSince: Int?
    public var i10Index: Int?
    public var i10IndexSince: Int?
    /// The year of the "Since YYYY" column.
    public var sinceYear: Int?

    public init(
        citations: Int? = nil, citationsSince: Int? = nil, hIndex: Int? = nil, hIndexSince: Int? = nil,
        i10Index: Int? = nil, i10IndexSince: Int? = nil, sinceYear: Int? = nil
    ) {
        self.citations = citations
        self.citationsSince = citationsSince
        self.hIndex = hIndex
        self.hIndexSince = hIndexSince
        self.i10Index = i10Index
        self.i10IndexSince = i10IndexSince
        self.sinceYear = sinceYear
    }

    /// Reads the table; `nil` when the page has none. The six `td.gsc_rsb_std` cells come in
    /// reading order (citations all/since, h all/since, i10 all/since) in every vintage; the
    /// 2017 table has no `<thead>`, so the "Since" header is found by class, not position.
    static func read(from document: MarkupDocument) -> GoogleScholarProfileIndices? {
        let c = GoogleScholarMarkup.hasClass
        guard let table = try? document.first("//table[@id='gsc_rsb_st']") else { return nil }
        let cells = ((try? table.select(".//td[\(c("gsc_rsb_std"))]")) ?? []).map { GoogleScholarMarkup.integer(in: $0.normalizedText) }
        let value = { (index: Int) in index < cells.count ? cells[index] : nil }
        let headers = (try? table.select(".//th[\(c("gsc_rsb_sth"))]")) ?? []
        return GoogleScholarProfileIndices(
            citations: value(0), citationsSince: value(1),
            hIndex: value(2), hIndexSince: value(3),
            i10Index: value(4), i10IndexSince: value(5),
            sinceYear: headers.lazy.compactMap { FieldText.year(in: $0.normalizedText) }.first
        )
    }
}
