import Foundation

/// Why a saved or fetched page could not be read as a Google Scholar page.
///
/// A blocked page is an error, never "0 results": Google answers a CAPTCHA inside the normal
/// Scholar chrome, result-count line included (the 2024 reCAPTCHA fixture), so a parser that
/// only looked for results would report a researcher with no publications.
public enum GoogleScholarParseError: Error, Sendable, Equatable, LocalizedError {
    /// The input holds nothing but whitespace.
    case empty
    /// The input is binary or plain text, not HTML; `reason` says which.
    case notHTML(reason: String)
    /// HTML, but of another site: no Scholar results, profile or article markup at all.
    case notAScholarPage
    /// A Scholar page of another kind than the parser reads ("profile" given to the results parser).
    case wrongPageKind(expected: GoogleScholarPageKind, found: GoogleScholarPageKind)
    /// A Scholar page (by its title) whose file stops before any results, rows or fields:
    /// most of a Scholar page is scripts and styles ahead of its content.
    case truncatedBeforeContent
    /// Google refused the request (CAPTCHA, "unusual traffic", a 403/429 error page); `reason` says how.
    case blocked(reason: String)
    /// libxml2 could not build a document even in recovery mode.
    case unparsable(reason: String)

    public var errorDescription: String? {
        switch self {
        case .empty:
            "the page is empty: save the Google Scholar page again (File › Save Page As…, \"Web Page, HTML only\")"
        case .notHTML(let reason):
            "this is not an HTML page (\(reason)): give a Google Scholar results or profile page saved as HTML"
        case .notAScholarPage:
            "this HTML page has no Google Scholar results, profile or article markup: give a page saved from scholar.google.com"
        case .wrongPageKind(let expected, let found):
            "this is a Google Scholar \(found.rawValue) page, not a \(expected.rawValue) page: give a \(expected.rawValue) page, or parse it as any kind with ScholarPage.parse (the CLI does)"
        case .truncatedBeforeContent:
            "the Google Scholar page stops before its results or profile rows (the file was cut short): save or fetch the page again"
        case .blocked(let reason):
            "Google Scholar blocked the request (\(reason)): open Scholar in a browser, solve the check, wait a while, and fetch or save the page again"
        case .unparsable(let reason):
            "the page cannot be parsed as HTML (\(reason)): save the page again"
        }
    }
}
