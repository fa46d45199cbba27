import Foundation

/// Why a homepage could not be matched against search results.
public enum HomepageFilterError: Error, LocalizedError, Equatable, Sendable {
    /// The document has no elements or no visible text: not an HTML page.
    case notHTML
    /// No search result's title matched any text on the page closely enough to infer where
    /// the page lists its publications. `matchedTitles` is how many did match (fewer than one
    /// usable pattern needs).
    case nothingRecognisable(matchedTitles: Int)
    /// A similarity threshold outside 0…1 (exclusive of 0).
    case invalidThreshold(Double)

    public var errorDescription: String? {
        switch self {
        case .notHTML:
            "the homepage has no text: check that the URL is an HTML page and not a PDF or an empty response"
        case .nothingRecognisable(let matchedTitles):
            "no publication list was recognised on the homepage (\(matchedTitles) result titles matched its text): "
                + "lower --title-similarity or check that the URL is the publications page"
        case .invalidThreshold(let value):
            "the similarity threshold \(value) is not between 0 and 1: use a value such as 0.8"
        }
    }
}
