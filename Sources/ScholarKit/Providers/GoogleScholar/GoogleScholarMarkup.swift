import Markup

/// Reading steps every Google Scholar page parser shares: checking the input is HTML, building
/// the document, refusing blocked pages, and small readings of links, numbers and text.
enum GoogleScholarMarkup {
    /// The base of Scholar's relative links ("/scholar?cites=…", "/citations?user=…").
    static let origin = "https://scholar.google.com"

    /// The parsed page, after checking the bytes are HTML and the page is not a block page.
    static func document(_ html: [UInt8]) throws(GoogleScholarParseError) -> MarkupDocument {
        try checkLooksLikeHTML(html)
        let document: MarkupDocument
        do {
            document = try MarkupDocument.html(html)
        } catch .empty {
            throw .empty
        } catch {
            throw .unparsable(reason: error.localizedDescription)
        }
        if let reason = GoogleScholarBlockDetector.reason(in: document) { throw .blocked(reason: reason) }
        return document
    }

    /// Rejects empty input, binary files and text without a single tag before libxml2 sees them:
    /// its recovering parser would wrap any bytes in `<html><body><p>` and call it a page.
    static func checkLooksLikeHTML(_ html: [UInt8]) throws(GoogleScholarParseError) {
        guard html.contains(where: { !isASCIIWhitespace($0) }) else { throw .empty }
        let head = html.prefix(8192)
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw .notHTML(reason: "it is UTF-16 encoded; save the page as UTF-8")
        }
        if head.contains(0) { throw .notHTML(reason: "it contains NUL bytes, so it is a binary file") }
        if head.starts(with: [0x25, 0x50, 0x44, 0x46]) { throw .notHTML(reason: "it is a PDF file") }
        guard containsTag(html) else { throw .notHTML(reason: "it has no HTML tags") }
    }

    /// True when a `<` is followed by a letter, `!` or `/`: the start of a tag, comment or doctype.
    private static func containsTag(_ bytes: [UInt8]) -> Bool {
        var index = bytes.startIndex
        while let less = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = bytes.index(after: less)
            guard next < bytes.endIndex else { return false }
            let byte = bytes[next] | 0x20   // ASCII lowercase
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || bytes[next] == UInt8(ascii: "!") || bytes[next] == UInt8(ascii: "/") {
                return true
            }
            index = next
        }
        return false
    }

    /// True when the saved bytes stop before `</html>`: a download cut short or a page saved
    /// while loading. Parsers still return what the page holds, and say it may be incomplete.
    static func looksTruncated(_ html: [UInt8]) -> Bool {
        // OR-ing 0x20 lowercases ASCII letters and leaves '<', '/' and '>' as they are.
        let tail = html.suffix(1024).map { $0 | 0x20 }
        let closing = Array("</html>".utf8)
        return !tail.indices.contains { tail[$0...].starts(with: closing) }
    }

    /// The error for a page without the markup a parser looks for: a cut Scholar page is
    /// told apart from another site's page by its `<title>` ("crispr cas9 - Google Scholar").
    static func missingContentError(_ document: MarkupDocument, html: [UInt8]) -> GoogleScholarParseError {
        let title = firstText("//title", in: document) ?? ""
        return looksTruncated(html) && title.contains("Google Scholar") ? .truncatedBeforeContent : .notAScholarPage
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    // MARK: Readings

    /// The XPath predicate "has this class", short for `XPathPredicate.hasClass`: `//div[\(hasClass("gs_r"))]`.
    static func hasClass(_ name: String) -> String { XPathPredicate.hasClass(name) }

    /// An absolute URL for an `href`; `nil` for script links (`javascript:void(0)`), anchors and empty ones.
    static func absoluteURL(_ href: String?) -> String? {
        guard let href = href?.trimmingWhitespace(), !href.isEmpty, !href.hasPrefix("#"),
              !href.lowercased().hasPrefix("javascript:") else { return nil }
        if href.hasPrefix("//") { return "https:" + href }
        if href.hasPrefix("/") { return origin + href }
        return href
    }

    /// The value of one query parameter of a link ("cites" of "/scholar?cites=123&hl=en"), as written.
    static func queryParameter(_ name: String, in url: String?) -> String? {
        guard let url, let question = url.firstIndex(of: "?") else { return nil }
        let query = url[url.index(after: question)...].split(separator: "#", maxSplits: 1).first ?? ""
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return String(parts[1]) }
        }
        return nil
    }

    /// The number written in a text whatever the locale's grouping ("Cited by 1,234",
    /// "Zitiert von: 1.234"): all its ASCII digits, `nil` when it has none.
    static func integer(in text: String) -> Int? {
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return Int(String(String.UnicodeScalarView(digits)))
    }

    /// The text of a node without the text of descendants matching `excludedXPath`
    /// (a title without its "[PDF]" marker spans), whitespace normalised.
    static func text(of node: MarkupNode, excluding excludedCondition: String) -> String {
        let parts = (try? node.select(".//text()[not(ancestor::*[\(excludedCondition)])]")) ?? []
        return MarkupText.normalizingWhitespace(parts.map(\.text).joined())
    }

    /// The normalised text of the first node an XPath selects, `nil` when none or empty.
    static func firstText(_ xpath: String, in node: MarkupNode) -> String? {
        guard let found = try? node.first(xpath) else { return nil }
        let text = found.normalizedText
        return text.isEmpty ? nil : text
    }

    static func firstText(_ xpath: String, in document: MarkupDocument) -> String? {
        guard let found = try? document.first(xpath) else { return nil }
        let text = found.normalizedText
        return text.isEmpty ? nil : text
    }

    /// True when the document has at least one node an XPath selects.
    static func has(_ xpath: String, in document: MarkupDocument) -> Bool {
        ((try? document.first(xpath)) ?? nil) != nil
    }
}
