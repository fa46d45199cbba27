import Foundation

/// Why a document could not be parsed or queried.
public enum MarkupError: Error, Sendable, Equatable, LocalizedError {
    /// The input holds no markup at all (empty or only whitespace).
    case empty
    /// libxml2 could not build a document even in recovery mode; `reason` is its message.
    case unparsable(reason: String)
    /// An XPath expression that does not compile; a programming error in the caller.
    case invalidXPath(String)

    public var errorDescription: String? {
        switch self {
        case .empty: "the document is empty"
        case .unparsable(let reason): "the document cannot be parsed: \(reason)"
        case .invalidXPath(let expression): "invalid XPath expression: \(expression)"
        }
    }
}
