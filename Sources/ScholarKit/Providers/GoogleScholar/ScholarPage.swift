/// Any saved Google Scholar page, told apart by its markup: a results page, a profile page,
/// or a profile's article page.
public enum ScholarPage: Sendable, Hashable {
    case results(GoogleScholarResultsPage)
    case profile(GoogleScholarProfilePage)
    case articleDetail(GoogleScholarArticleDetail)

    /// Parses the page as whichever kind its markers say. Blocked pages throw `.blocked`;
    /// HTML of another site throws `.notAScholarPage`; a Scholar page cut before its content
    /// throws `.truncatedBeforeContent`.
    public static func parse(html: [UInt8]) throws(GoogleScholarParseError) -> ScholarPage {
        let document = try GoogleScholarMarkup.document(html)
        let truncated = GoogleScholarMarkup.looksTruncated(html)
        switch GoogleScholarPageKind.detect(in: document) {
        case .profile: return .profile(GoogleScholarProfilePage.parse(document: document, looksTruncated: truncated))
        case .article: return .articleDetail(GoogleScholarArticleDetail.parse(document: document))
        case .results: return .results(GoogleScholarResultsPage.parse(document: document, looksTruncated: truncated))
        case nil: throw GoogleScholarMarkup.missingContentError(document, html: html)
        }
    }

    public var kind: GoogleScholarPageKind {
        switch self {
        case .results: .results
        case .profile: .profile
        case .articleDetail: .article
        }
    }

    /// The page's publications in the page's order (one for an article page).
    public var publications: [Publication] {
        switch self {
        case .results(let page): page.results.map { $0.publication() }
        case .profile(let page): page.publications.map { $0.publication() }
        case .articleDetail(let article): [article.publication]
        }
    }
}
