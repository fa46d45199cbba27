import Foundation
import ScholarKit
import WebCore

/// The Scholar screens' views, one per template. A value with nothing to show is nil, never "":
/// Mustache opens a section for an empty string.
struct ScholarHistoryPage: Encodable {
    let title = "History"
    let searches: [ScholarView.Summary]
    let empty: Bool
    let error: String?

    init(searches: [ScholarView.Summary], error: String?) {
        (self.searches, empty, self.error) = (searches, searches.isEmpty, error)
    }
}

struct ScholarProgressPage: Encodable {
    let title, job, activity: String
    let parameters: [ParameterList.Item]
    /// Where the results are, once done.
    let done: String?
    let failed: String?
    let cancelled, running: Bool
    let page, pages: Int?

    init(job: UUID, latest: SearchEvent?, parameters: SearchParameters?) {
        self.job = job.uuidString
        activity = latest?.activity ?? "starting"
        self.parameters = parameters.map { ParameterList($0).items } ?? []
        var (title, done, failed, cancelled, running) = ("Searching…", String?.none, String?.none, false, false)
        switch latest?.kind {
        case .done?:
            title = "Search finished"
            done = latest?.searchID.map { id in latest?.location ?? "/scholar/searches/\(id)" }
        case .failed?:
            title = "Search failed"
            failed = latest?.message ?? "The search failed."
        case .cancelled?:
            title = "Search cancelled"
            cancelled = true
        case .progress?, nil:
            running = true
        }
        (self.title, self.done, self.failed, self.cancelled, self.running) = (title, done, failed, cancelled, running)
        page = running ? latest?.page.flatMap { $0 > 0 ? $0 : nil } : nil
        pages = running ? latest?.pages.flatMap { $0 > 0 ? $0 : nil } : nil
    }
}

struct ScholarResultsPage: Encodable {
    let title: String
    let search: ScholarView.Summary
    let metrics: [ScholarView.Metric]
    /// "Reference year 2021, the list's query date".
    let referenceYear: String
    let hasApproximate: Bool
    let parameters: [ParameterList.Item]

    init(_ stored: StoredSearch) {
        (title, search) = (stored.summary.label, ScholarView.summary(stored.summary))
        let options = stored.report.options
        let described = options.referenceYearSource.describe(options.referenceYear)
        referenceYear = described.prefix(1).uppercased() + described.dropFirst()
        hasApproximate = !stored.report.metrics.approximate.isEmpty
        (metrics, parameters) = (ScholarView.metrics(stored.report.metrics), ParameterList(stored.summary.parameters).items)
    }
}

struct ScholarAboutPage: Encodable {
    struct Meaning: Encodable { let name, meaning: String }

    let title = "About Scholar"
    let metrics = ImpactMetrics.catalogue.map { Meaning(name: $0.label, meaning: $0.meaning) }
}

struct ScholarGraphPage: Encodable {
    let title = "Graphs"
    let searchID: Int64
    /// SVG markup.
    let hIndex: String
    let years: String?
    let noYears, canSend, sent: Bool
}

struct ScholarExportPage: Encodable {
    let title = "Export"
    let search: ScholarView.Summary
    let searchID: Int64
    let count: Int
    let mailto: String
    let canSend: Bool
    /// Who the report was just sent to.
    let sent: String?
    let error: String?
}

struct ScholarComparePage: Encodable {
    struct MetricPair: Encodable { let name, first, second: String }

    struct Row: Encodable {
        let title, first, second, difference: String
        /// up, down or same: the arrow's class.
        let sign: String

        init(_ row: SearchComparison.Row) {
            title = row.title
            first = row.firstCitations.map(String.init) ?? "–"
            second = row.secondCitations.map(String.init) ?? "–"
            difference = row.differenceText
            sign = (row.difference ?? 0) > 0 ? "up" : (row.difference ?? 0) < 0 ? "down" : "same"
        }
    }

    let title = "Compare"
    let first, second: ScholarView.Summary
    let metrics: [MetricPair]
    let rows: [Row]

    init(_ comparison: SearchComparison) {
        first = ScholarView.summary(comparison.first.summary)
        second = ScholarView.summary(comparison.second.summary)
        let (a, b) = (comparison.first.report.metrics, comparison.second.report.metrics)
        metrics = zip(ScholarView.metrics(a), ScholarView.metrics(b)).prefix(8).map { MetricPair(name: $0.name, first: $0.value, second: $1.value) }
        rows = comparison.rows.map(Row.init)
    }
}

/// A group of publications that may be one work listed twice.
struct DuplicateSuggestionView: Encodable {
    struct Member: Encodable { let id: Int64 }
    struct Title: Encodable { let title: String }

    let ids: [Member]
    let titles: [Title]
    /// The titles on one line, for the short list above the publications.
    let joinedTitles: String
    let similarity: String

    init(_ suggestion: WorkspaceDuplicateSuggestion) {
        ids = suggestion.publicationIDs.map(Member.init)
        titles = suggestion.titles.map(Title.init)
        joinedTitles = suggestion.titles.joined(separator: " / ")
        similarity = String(format: "%.0f%%", suggestion.similarity * 100)
    }
}

struct ScholarDuplicatesPage: Encodable {
    let title = "Possible duplicates"
    let searchID: Int64
    let empty: Bool
    let suggestions: [DuplicateSuggestionView]
}

struct ScholarPublicationsPage: Encodable {
    /// A hundred rows of the list, linked from the jump index.
    struct Section: Encodable {
        let anchor, label: String
        let rows: [ScholarView.Row]
        let isExcluded: Bool
        var href = ""
        var current = false
    }

    struct OrderChoice: Encodable {
        let value, label: String
        let current: Bool
    }

    let title = "Publications"
    let search: ScholarView.Summary
    let searchID: Int64
    let mergeMode: Bool
    let h, g, citations: Int
    let sections, jump: [Section]
    let hasJump: Bool
    let suggestions: [DuplicateSuggestionView]
    let suggestionCount: Int
    let hasSuggestions, longList: Bool
    let orders: [OrderChoice]
}

struct ScholarDetailPage: Encodable {
    struct Field: Encodable { let name, value: String }
    struct Member: Encodable {
        let id: Int64
        let title: String
        let citations: Int
    }

    let title: String
    let searchID, id: Int64
    let heading: String
    let fields: [Field]
    let link, citedBy, merge: String?
    let members: [Member]
    let isMerge: Bool
    /// SVG markup of the citations per year.
    let graph: String?
    let hasGraph: Bool
    /// How much of the count the graph accounts for (the Ulm thesis, §5.4).
    let share: String?
    let canFetchYears, canSend, sent: Bool
}

struct ScholarHomepagePage: Encodable {
    struct Entry: Encodable {
        let title: String
        let found: Bool
        let authors, year: String?
    }

    let title = "Homepage"
    let search: ScholarView.Summary
    let searchID: Int64
    let error, address, pattern: String?
    let checked: Bool
    let entries: [Entry]

    init(_ stored: StoredSearch, check: (address: String, checkedAt: Date, match: HomepageMatch)?, error: String?) {
        (search, searchID, self.error) = (ScholarView.summary(stored.summary), stored.summary.id, error)
        (address, pattern, checked) = (check?.address, check?.match.titlePattern, check != nil)
        entries = check?.match.homepagePublications.map { entry in
            Entry(
                title: entry.title, found: entry.inResults, authors: entry.authors.isEmpty ? nil : entry.authors.joined(separator: ", "),
                year: entry.year.map(String.init))
        } ?? []
    }
}
