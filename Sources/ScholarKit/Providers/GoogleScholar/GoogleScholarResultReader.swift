import Foundation
import Markup

/// Reads one result block (`div.gs_r`) of a results page.
///
/// The inside has kept its shape from 2016 to 2024: `h3.gs_rt` (title, a link or, for a
/// [CITATION], a `span`), `div.gs_a` (author line), `div.gs_fl` (links: "Cited by N",
/// "Related articles", "All N versions"). 2020 added `data-cid`/`data-rp` on the block and
/// `span.gs_ctc`/`gs_ctu` markers holding both `span.gs_ct1` ("[CITATION]") and `span.gs_ct2` ("[C]").
enum GoogleScholarResultReader {
    /// Marker spans before a title: their text is the type, never part of the title.
    private static let markerCondition = ["gs_ctc", "gs_ctu", "gs_ct1", "gs_ct2", "gs_ctg2"]
        .map(GoogleScholarMarkup.hasClass).joined(separator: " or ")

    static func result(_ block: MarkupNode) -> GoogleScholarResult {
        let c = GoogleScholarMarkup.hasClass
        let heading = try? block.first(".//h3[\(c("gs_rt"))]")
        let titleLink = heading.flatMap { try? $0.first(".//a[@href]") }
        var (title, type) = heading.map(titleAndType) ?? ("", nil)
        if title.isEmpty, let titleLink { title = titleLink.normalizedText }

        let authorLine = GoogleScholarMarkup.firstText(".//div[\(c("gs_a"))]", in: block).map(GoogleScholarAuthorLine.init) ?? GoogleScholarAuthorLine()
        // The side "[PDF] host" link (`div.gs_ggs`) also has class gs_fl, but never a cites= link.
        let citedByLink = try? block.first(".//div[\(c("gs_fl"))]//a[contains(@href, 'cites=')]")
        let versionsLink = try? block.first(".//div[\(c("gs_fl"))]//a[contains(@href, 'cluster=')]")
        let citedByURL = GoogleScholarMarkup.absoluteURL(citedByLink?.attribute("href"))

        return GoogleScholarResult(
            title: title,
            type: type,
            url: GoogleScholarMarkup.absoluteURL(titleLink?.attribute("href")),
            authors: authorLine.authors,
            authorsTruncated: authorLine.authorsTruncated,
            venue: authorLine.venue,
            year: authorLine.year,
            publisher: authorLine.publisher,
            citations: citedByLink.flatMap { GoogleScholarMarkup.integer(in: $0.normalizedText) } ?? 0,
            citedByURL: citedByURL,
            clusterID: GoogleScholarMarkup.queryParameter("cites", in: citedByURL)
                ?? GoogleScholarMarkup.queryParameter("cluster", in: versionsLink?.attribute("href"))
                ?? block.attribute("data-cid").flatMap(clusterID(fromDataCID:)),
            rank: block.attribute("data-rp").flatMap { Int($0) }.map { $0 + 1 }
        )
    }

    /// The title without its markers, and the type the first marker names ("[BOOK]" → "BOOK").
    private static func titleAndType(_ heading: MarkupNode) -> (String, String?) {
        var title = GoogleScholarMarkup.text(of: heading, excluding: markerCondition)
        let c = GoogleScholarMarkup.hasClass
        let marker = GoogleScholarMarkup.firstText(".//span[\(c("gs_ct1"))]", in: heading)
            ?? GoogleScholarMarkup.firstText(".//span[\(c("gs_ctc")) or \(c("gs_ctu"))]", in: heading)
        var type = marker.flatMap(bracketedWord)
        // A vintage that writes the marker as plain text: "[BOOK] Title".
        if type == nil, let leading = bracketedWord(title) {
            type = leading
            title = String(title.drop(while: { $0 != "]" }).dropFirst()).trimmingWhitespace()
        }
        return (title, type)
    }

    /// "[CITATION][C]" → "CITATION": the first bracketed word, upper-cased, when the text starts with one.
    private static func bracketedWord(_ text: String) -> String? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let word = text[text.index(after: text.startIndex)..<close]
        guard !word.isEmpty, word.count <= 12, word.allSatisfy({ $0.isLetter }) else { return nil }
        return word.uppercased()
    }

    /// The decimal cluster id a result's `data-cid` encodes: URL-safe base64 of the id's
    /// eight bytes, little-endian, plus one more byte ("WMW1j8HoFyIJ" → 2456688039791281496,
    /// the `cites=` of the same result in the 2024 fixture). Used when a result has no
    /// "Cited by" or "All versions" link to read the id from.
    static func clusterID(fromDataCID cid: String) -> String? {
        var base64 = cid.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let bytes = Data(base64Encoded: base64), bytes.count >= 8 else { return nil }
        let value = bytes.prefix(8).reversed().reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return String(value)
    }
}
