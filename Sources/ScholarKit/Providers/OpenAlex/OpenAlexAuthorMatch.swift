import Foundation

/// Chooses one author among the records an OpenAlex name search returns.
///
/// 1. A record whose display name (or one of its alternative names) equals the query,
///    ignoring case, accents, dots and spacing, wins over the rest: a search for
///    "Joseph Mearman" also returns Andrew Mearman, who has twelve times the works.
/// 2. Among the exact matches, or among all records when none matches exactly, the one with
///    the most works wins: OpenAlex often splits one person over several records ("R. C.
///    MEARMAN", "ROBERT C. MEARMAN"), and the largest is the main one; junk names parsed out
///    of bylines ("Downward and Mearman Tony Lawson") have one or two works.
/// 3. Ties keep OpenAlex's relevance order.
public enum OpenAlexAuthorMatch {
    public static func best(_ candidates: [OpenAlexAuthorSummary], for query: String) -> OpenAlexAuthorSummary? {
        let wanted = normalized(query)
        let exact = candidates.filter { candidate in
            ([candidate.displayName].compactMap { $0 } + candidate.displayNameAlternatives).contains { normalized($0) == wanted }
        }
        let pool = exact.isEmpty ? candidates : exact
        // `max(by:)` returns the last of equal elements; scanning keeps the first, i.e. OpenAlex's order.
        var best: OpenAlexAuthorSummary?
        for candidate in pool where best == nil || (candidate.worksCount ?? 0) > (best?.worksCount ?? 0) {
            best = candidate
        }
        return best
    }

    /// Lowercased, without diacritics, with dots and runs of spaces as one space.
    static func normalized(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .replacingOccurrences(of: ".", with: " ")
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }
}
