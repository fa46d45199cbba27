import Foundation

/// A Google Scholar search: every field of the advanced search the Ulm thesis offered.
public struct GoogleScholarQuery: Sendable, Hashable, Codable {
    public enum WordsOccur: String, Sendable, Hashable, Codable, CaseIterable {
        case title, any
    }

    /// The researcher (`as_sauthors`; sent today as `author:"…"` in `q`, see `url`).
    public var author: String?
    /// All of these words (`as_q`).
    public var allWords: String?
    /// The exact phrase (`as_epq`).
    public var exactPhrase: String?
    /// At least one of these words (`as_oq`).
    public var anyWords: String?
    /// None of these words (`as_eq`).
    public var withoutWords: String?
    /// Where the words must occur (`as_occt`).
    public var wordsOccur: WordsOccur
    /// The journal or proceedings (`as_publication`, sent as `source:"…"`).
    public var publication: String?
    public var fromYear: Int?
    public var toYear: Int?
    /// Interface language (`hl`), which also decides the number format of "About N results".
    public var language: String
    /// Results per page: Google honours 10 and 20 (`num`) today.
    public var pageSize: Int
    /// Stop after this many results; Google never serves more than 1000.
    public var maxResults: Int

    public static let googleResultCap = 1000

    public init(
        author: String? = nil, allWords: String? = nil, exactPhrase: String? = nil, anyWords: String? = nil,
        withoutWords: String? = nil, wordsOccur: WordsOccur = .any, publication: String? = nil,
        fromYear: Int? = nil, toYear: Int? = nil, language: String = "en", pageSize: Int = 20, maxResults: Int = 1000
    ) {
        self.author = author
        self.allWords = allWords
        self.exactPhrase = exactPhrase
        self.anyWords = anyWords
        self.withoutWords = withoutWords
        self.wordsOccur = wordsOccur
        self.publication = publication
        self.fromYear = fromYear
        self.toYear = toYear
        self.language = language
        self.pageSize = pageSize == 10 ? 10 : 20
        self.maxResults = min(max(1, maxResults), Self.googleResultCap)
    }

    /// True when the query asks for something; Google answers an empty query with its home page.
    public var isEmpty: Bool {
        [author, allWords, exactPhrase, anyWords, publication].allSatisfy { ($0 ?? "").trimmingWhitespace().isEmpty }
    }

    /// The results page starting at result `start` (0-based).
    ///
    /// The advanced-search form still submits the `as_` fields, and Google still honours them;
    /// the author and publication go into `q` as `author:"…"` and `source:"…"`, which is what
    /// the form turns them into today and what survives Google's later redirects.
    public func url(base: URL, start: Int) -> URL {
        var terms: [String] = []
        if let words = nonEmpty(allWords) { terms.append(words) }
        if let author = nonEmpty(author) { terms.append("author:\"\(author)\"") }
        if let publication = nonEmpty(publication) { terms.append("source:\"\(publication)\"") }
        var items = [URLQueryItem(name: "q", value: terms.joined(separator: " "))]
        if let phrase = nonEmpty(exactPhrase) { items.append(URLQueryItem(name: "as_epq", value: phrase)) }
        if let any = nonEmpty(anyWords) { items.append(URLQueryItem(name: "as_oq", value: any)) }
        if let without = nonEmpty(withoutWords) { items.append(URLQueryItem(name: "as_eq", value: without)) }
        items.append(URLQueryItem(name: "as_occt", value: wordsOccur.rawValue))
        if let fromYear { items.append(URLQueryItem(name: "as_ylo", value: String(fromYear))) }
        if let toYear { items.append(URLQueryItem(name: "as_yhi", value: String(toYear))) }
        items.append(URLQueryItem(name: "hl", value: language))
        items.append(URLQueryItem(name: "as_sdt", value: "0,5"))
        items.append(URLQueryItem(name: "num", value: String(pageSize)))
        if start > 0 { items.append(URLQueryItem(name: "start", value: String(start))) }
        var components = URLComponents(url: base.appendingPathComponent("scholar"), resolvingAgainstBaseURL: false)
        components?.queryItems = items
        return components?.url ?? base
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }
}
