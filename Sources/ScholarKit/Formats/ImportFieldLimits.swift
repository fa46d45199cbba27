/// The longest text an imported publication may carry in each field, and what happens to a
/// longer one: the one home of these limits, applied by every import format (CSV, BibTeX, RIS,
/// JSON) through `ImportCollector`, and by the streamed metrics readers for the fields they read.
///
/// Why: an upload is bounded in bytes, but a stored field is read again on every screen, export
/// and duplicate search, so one 10 MB title cost seconds each time (issue 36). The limits sit far
/// above real data — the longest title in the fixture exports (Tobler's 829 papers, dblp) is
/// under 300 characters, the longest author name under 60 — and far below what hurts.
///
/// Lengths are counted in Unicode scalars ("characters" in messages): counting them needs no
/// grapheme breaking, so a 10 MB value is judged in one pass over its bytes.
/// Every field over its limit is *cut* (kept to its first `limit` characters) or, where a cut
/// value would be wrong rather than short (a URL, a DOI), *dropped*; either way the record is
/// kept and the change is reported with its line, never silently.
public enum ImportFieldLimits {
    /// A title: the longest real ones (conference proceedings' full names) are a few hundred.
    public static let title = 4_000
    /// One author's name as written.
    public static let authorName = 300
    /// Venue, publisher, type and the short details (volume, issue, pages, ISSN, query date).
    public static let shortText = 1_000
    /// A URL or DOI; 2,000 is the length browsers and servers have long promised to handle.
    public static let link = 2_000
    /// An abstract or snippet.
    public static let abstract = 20_000
    /// One keyword.
    public static let keyword = 300

    /// What to do with an over-long value.
    enum Policy {
        case cut
        case drop
    }

    /// The number of Unicode scalars in UTF-8 text: its bytes that do not continue a sequence.
    static func scalarCount(_ utf8: some Sequence<UInt8>) -> Int {
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// True when `text` has more than `limit` Unicode scalars; cheap when its byte count alone decides.
    static func exceeds(_ text: String, _ limit: Int) -> Bool {
        let bytes = text.utf8.count
        if bytes <= limit { return false }
        // At most four bytes per scalar: that many bytes are always more than `limit` scalars.
        if bytes > 4 * limit { return true }
        return scalarCount(text.utf8) > limit
    }

    /// The first `limit` Unicode scalars of `text`.
    static func cut(_ text: String, to limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit))
        return String(scalars)
    }

    /// The note for a value cut or dropped, worded for `ImportProblem.message`.
    static func message(field: String, limit: Int, policy: Policy, originalBytes: Int) -> String {
        let size = originalBytes.groupedDigits
        switch policy {
        case .cut:
            return "the \(field) is longer than \(limit.groupedDigits) characters (\(size) bytes); kept its first \(limit.groupedDigits)"
        case .drop:
            return "kept without its \(field): it is longer than \(limit.groupedDigits) characters (\(size) bytes)"
        }
    }

    /// `publication` with every field within its limit, and a note for each field that was not.
    /// `notingAllFields: false` notes the title and author names only (a metrics reading).
    static func bounded(_ publication: Publication, notingAllFields: Bool = true) -> (Publication, [String]) {
        var bounded = publication
        var notes = Notes(notingOtherFields: notingAllFields)
        notes.limit(&bounded.title, "title", title, isMetricField: true)
        if let note = authorNamesNote(bounded.authors) {
            notes.add(note)
            bounded.authors = bounded.authors.map { exceeds($0, authorName) ? cut($0, to: authorName) : $0 }
        }
        notes.limit(&bounded.venue, "venue", shortText)
        notes.limit(&bounded.publisher, "publisher", shortText)
        notes.limit(&bounded.type, "type", shortText)
        notes.limit(&bounded.clusterID, "cluster id", shortText, .drop)
        notes.limit(&bounded.articleURL, "article URL", link, .drop)
        notes.limit(&bounded.citesURL, "citations URL", link, .drop)
        notes.limit(&bounded.doi, "DOI", link, .drop)
        if var details = bounded.details {
            notes.limit(&details.volume, "volume", shortText)
            notes.limit(&details.issue, "issue", shortText)
            notes.limit(&details.pages, "pages", shortText)
            notes.limit(&details.issn, "ISSN", shortText)
            notes.limit(&details.queryDate, "query date", shortText)
            notes.limit(&details.abstract, "abstract", abstract)
            notes.limit(&details.fullTextURL, "full-text URL", link, .drop)
            notes.limit(&details.relatedURL, "related-articles URL", link, .drop)
            notes.limit(&details.citationURL, "citation URL", link, .drop)
            for index in details.keywords.indices {
                notes.limit(&details.keywords[index], "keyword \(index + 1)", keyword)
            }
            bounded.details = details
        }
        return (bounded, notes.messages)
    }

    /// The note for a list whose names are not all within `authorName`, naming the first one
    /// cut; `nil` when every name is within it.
    static func authorNamesNote(_ authors: [String]) -> String? {
        let over = authors.indices.filter { exceeds(authors[$0], authorName) }
        guard let first = over.first else { return nil }
        let note = message(field: "name of author \(first + 1)", limit: authorName, policy: .cut, originalBytes: authors[first].utf8.count)
        return over.count > 1 ? note + " (and \(over.count - 1) more names cut alike)" : note
    }

    /// The notes of one record's bounding.
    private struct Notes {
        let notingOtherFields: Bool
        var messages: [String] = []

        mutating func add(_ message: String) { messages.append(message) }

        mutating func limit(_ value: inout String, _ field: String, _ limit: Int, isMetricField: Bool = false) {
            guard exceeds(value, limit) else { return }
            if isMetricField || notingOtherFields { add(message(field: field, limit: limit, policy: .cut, originalBytes: value.utf8.count)) }
            value = cut(value, to: limit)
        }

        mutating func limit(_ value: inout String?, _ field: String, _ limit: Int, _ policy: Policy = .cut) {
            guard let text = value, exceeds(text, limit) else { return }
            if notingOtherFields { add(message(field: field, limit: limit, policy: policy, originalBytes: text.utf8.count)) }
            value = policy == .cut ? cut(text, to: limit) : nil
        }
    }
}
