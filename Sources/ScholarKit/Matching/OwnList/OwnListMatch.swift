/// The researcher's own publication list as the homonym filter (issue 43): an ORCID record or a
/// dblp page is the list a homepage is, curated by the researcher and with DOIs. A result is the
/// researcher's when its DOI is on the list, else when its title is (as the homepage filter
/// compares titles: `MatchText.normalizedTitle`, then `TitleSimilarity` at `titleThreshold`),
/// with a year no more than a year from the listed one when both have one. Each verdict says
/// which evidence decided it.
public struct OwnListMatch: Sendable {
    public enum Evidence: String, Sendable, Hashable, Codable {
        /// The result's DOI is on the list.
        case doi
        /// Its title is, with a year that agrees.
        case title
        /// Neither: not the researcher's.
        case none
    }

    public struct Verdict: Sendable, Hashable, Codable {
        public let isOwn: Bool
        public let evidence: Evidence
        /// The entry of the list that matched (its index), nil for none.
        public let listed: Int?
        /// The title similarity that matched, 1 for a DOI or an identical title.
        public let similarity: Double?
    }

    /// The least title similarity (0…1) for a listed title to count as the result's.
    public var titleThreshold: Double

    public init(titleThreshold: Double = 0.80) {
        self.titleThreshold = titleThreshold
    }

    /// One verdict per result, in order.
    public func match(results: [Publication], ownList: [Publication]) -> [Verdict] {
        var byDOI: [String: Int] = [:]
        var byTitle: [String: [Int]] = [:]
        let listedTitles = ownList.map { MatchText.normalizedTitle($0.title) }
        for (index, entry) in ownList.enumerated() {
            if let doi = MatchText.normalizedDOI(entry.doi), byDOI[doi] == nil { byDOI[doi] = index }
            byTitle[listedTitles[index], default: []].append(index)
        }
        return results.map { result in
            if let doi = MatchText.normalizedDOI(result.doi), let index = byDOI[doi] {
                return Verdict(isOwn: true, evidence: .doi, listed: index, similarity: 1)
            }
            let title = MatchText.normalizedTitle(result.title)
            guard !title.isEmpty else { return Verdict(isOwn: false, evidence: .none, listed: nil, similarity: nil) }
            if let index = byTitle[title]?.first(where: { Self.yearsAgree(result.year, ownList[$0].year) }) {
                return Verdict(isOwn: true, evidence: .title, listed: index, similarity: 1)
            }
            var best: (index: Int, similarity: Double)?
            for (index, listed) in listedTitles.enumerated() where Self.yearsAgree(result.year, ownList[index].year) {
                guard let similarity = TitleSimilarity.ratio(title, listed, atLeast: titleThreshold) else { continue }
                if similarity > (best?.similarity ?? 0) { best = (index, similarity) }
            }
            if let best { return Verdict(isOwn: true, evidence: .title, listed: best.index, similarity: best.similarity) }
            // Google Scholar cuts long titles with "…": the start of a listed title, long enough to tell.
            if let start = Self.truncatedStart(result.title), start.count >= 24,
                let index = listedTitles.indices.first(where: { listedTitles[$0].hasPrefix(start) && Self.yearsAgree(result.year, ownList[$0].year) })
            {
                return Verdict(isOwn: true, evidence: .title, listed: index, similarity: nil)
            }
            return Verdict(isOwn: false, evidence: .none, listed: nil, similarity: nil)
        }
    }

    /// The normalised text before a closing "…" or "...", nil for a title not cut.
    static func truncatedStart(_ title: String) -> String? {
        let trimmed = title.trimmingWhitespace()
        guard trimmed.hasSuffix("…") || trimmed.hasSuffix("...") else { return nil }
        let start = MatchText.normalizedTitle(String(trimmed.dropLast(trimmed.hasSuffix("…") ? 1 : 3)))
        // The last word may be cut in the middle.
        return start.split(separator: " ").dropLast().joined(separator: " ")
    }

    /// Years a year apart are the same work (an online-first paper, a conference and its
    /// proceedings); a missing year agrees with any.
    static func yearsAgree(_ a: Int?, _ b: Int?) -> Bool {
        guard let a, let b else { return true }
        return abs(a - b) <= 1
    }
}
