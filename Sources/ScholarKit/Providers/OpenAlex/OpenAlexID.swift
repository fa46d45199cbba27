import Foundation

/// OpenAlex identifiers come as full URLs (`https://openalex.org/A5017898742`); filters and
/// paths take the short key (`A5017898742`).
public enum OpenAlexID {
    /// The short key of `id`, whether given as a URL or already short.
    public static func short(_ id: String) -> String {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
