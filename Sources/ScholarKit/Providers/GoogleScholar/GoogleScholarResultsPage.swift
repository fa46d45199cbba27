import Markup

/// One page of Google Scholar search results (`/scholar?q=…`, `/scholar?cites=…`, or a
/// cluster's "All versions" page `/scholar?cluster=…`).
public struct GoogleScholarResultsPage: Sendable, Hashable, Codable {
    public var results: [GoogleScholarResult]
    /// Google's estimate from the line above the results: "About 1,230 results",
    /// "Page 2 of about 594.000 results", "7 results"; `nil` when the page shows none.
    public var totalResults: Int?
    /// The saved bytes stop before `</html>`: `results` are those the page got to.
    public var looksTruncated: Bool

    public init(results: [GoogleScholarResult], totalResults: Int? = nil, looksTruncated: Bool = false) {
        self.results = results
        self.totalResults = totalResults
        self.looksTruncated = looksTruncated
    }

    /// Parses a results page of any markup vintage in the fixtures (2016 `div.gs_r`; 2020+
    /// `div.gs_r.gs_or.gs_scl`). A page with Scholar's result markup but no results (a search
    /// that matched nothing) gives an empty page; a blocked page throws `.blocked`.
    public static func parse(html: [UInt8]) throws(GoogleScholarParseError) -> GoogleScholarResultsPage {
        let document = try GoogleScholarMarkup.document(html)
        switch GoogleScholarPageKind.detect(in: document) {
        case .results: break
        case let found?: throw .wrongPageKind(expected: .results, found: found)
        case nil: throw GoogleScholarMarkup.missingContentError(document, html: html)
        }
        return parse(document: document, looksTruncated: GoogleScholarMarkup.looksTruncated(html))
    }

    static func parse(document: MarkupDocument, looksTruncated: Bool) -> GoogleScholarResultsPage {
        GoogleScholarResultsPage(
            results: resultNodes(document).map(GoogleScholarResultReader.result),
            totalResults: GoogleScholarMarkup.firstText("//*[@id='gs_ab_md']", in: document).flatMap(totalResults(inSummary:)),
            looksTruncated: looksTruncated
        )
    }

    /// The result blocks. Since 2020 the page also has a `div.gs_r.gs_alrt_btm` ("Create
    /// alert") that is no result, so a block counts only with a result's parts in it; the
    /// `data-cid` alternative keeps a result whose inside a truncated page cut off.
    private static func resultNodes(_ document: MarkupDocument) -> [MarkupNode] {
        let c = GoogleScholarMarkup.hasClass
        let xpath = "//div[\(c("gs_r"))][@data-cid or .//div[\(c("gs_ri"))] or .//h3[\(c("gs_rt"))] or .//div[\(c("gs_a"))]]"
        return (try? document.select(xpath)) ?? []
    }

    /// Markers every results page vintage has, even one with no results.
    static func hasResultsMarkup(_ document: MarkupDocument) -> Bool {
        let c = GoogleScholarMarkup.hasClass
        return GoogleScholarMarkup.has(
            "//*[@id='gs_ab_md' or @id='gs_res_ccl' or @id='gs_ccl'] | //div[\(c("gs_r")) or \(c("gs_ri"))] | //h3[\(c("gs_rt"))]",
            in: document
        )
    }

    /// The result count of the summary line in any locale: the last number before the
    /// timing in parentheses, its grouping marks (",", ".", spaces, "'") dropped.
    /// "Page 2 of about 1,230 results (0.05 sec)" → 1230; "About 594.000 results (0,04 sec)" → 594000.
    static func totalResults(inSummary summary: String) -> Int? {
        let beforeTiming = summary.split(whereSeparator: { $0 == "(" || $0 == "（" }).first.map(String.init) ?? summary
        var numbers: [String] = []
        var current = ""
        var pendingSeparator = false
        for character in beforeTiming {
            if character.isASCII, character.isNumber {
                current.append(character)
                pendingSeparator = false
            } else if !current.isEmpty, !pendingSeparator, [",", ".", "'", " ", "\u{00A0}", "\u{202F}", "’"].contains(character) {
                pendingSeparator = true   // a grouping mark, if digits follow
            } else {
                if !current.isEmpty { numbers.append(current) }
                current = ""
                pendingSeparator = false
            }
        }
        if !current.isEmpty { numbers.append(current) }
        return numbers.last.flatMap { Int($0) }
    }
}
