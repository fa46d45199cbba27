import Foundation

/// Why a webservice body is not a document ShopKit can read, or not the one the caller asked for.
/// Each message says what was found, and what to do where there is something to do.
public enum DocumentError: Error, Sendable, Hashable, LocalizedError {
    /// The body is empty or only whitespace (a DELETE answer, a cut connection).
    case empty
    /// An HTML page came back where XML was expected: a login wall, a PHP error page, a proxy.
    case htmlInsteadOfXML(title: String?)
    /// The body is not well-formed XML; `ending` quotes its last characters (often a truncation).
    case malformedXML(ending: String)
    /// Well-formed XML whose root element is not `<prestashop>`.
    case unexpectedRoot(found: String)
    /// The document is the shop's error document (`<errors><error><code/><message/>`, §3).
    case shopErrors([ShopErrorMessage])
    /// The body is not JSON, or not the shape the webservice's JSON output has (§8).
    case malformedJSON(detail: String)
    /// The document parsed but does not hold what the caller asked for (a record, a list of
    /// full records…); `expected` and `found` name both.
    case unexpectedContent(expected: String, found: String)

    public var errorDescription: String? {
        switch self {
        case .empty:
            "The webservice answer is empty; a PrestaShop document was expected. Check that the request reached the webservice (/api/…)."
        case .htmlInsteadOfXML(let title):
            "The shop answered with an HTML page\(title.map { " (“\($0)”)" } ?? "") instead of webservice XML. Check the shop URL ends in /api/ and that the webservice is enabled."
        case .malformedXML(let ending):
            "The webservice answer is not well-formed XML (it may have been cut off); it ends with “\(ending)”."
        case .unexpectedRoot(let found):
            "The XML document's root is <\(found)>, not <prestashop>: this is not a PrestaShop webservice answer."
        case .shopErrors(let errors):
            "The shop answered with errors: " + errors.map { "[\($0.code.map(String.init) ?? "?")] \($0.message)" }.joined(separator: "; ")
        case .malformedJSON(let detail):
            "The webservice answer is not the JSON the webservice sends: \(detail)."
        case .unexpectedContent(let expected, let found):
            "The document holds \(found), not \(expected)."
        }
    }
}
