import ScholarKit

/// The readable text of `bottega scholar parse --format text`.
enum ScholarPageText {
    static func render(_ page: ScholarPage) -> String {
        var lines: [String] = []
        switch page {
        case .results(let results):
            let total = results.totalResults.map { " of about \($0)" } ?? ""
            lines.append("Google Scholar results: \(results.results.count) on this page\(total)")
            lines.append("")
            lines += numbered(results.results)
        case .profile(let profile):
            lines.append("Google Scholar profile: \(profile.name ?? "(no name)")")
            if let affiliation = profile.affiliation { lines.append(affiliation) }
            if !profile.interests.isEmpty { lines.append("Interests: \(profile.interests.joined(separator: ", "))") }
            if let indices = profile.indices { lines.append(describe(indices)) }
            if let perYear = profile.citationsPerYear { lines.append("Citations per year: \(describe(perYear))") }
            let more = profile.hasMoreRows ? " (more rows exist: fetch again with cstart=\(profile.publications.count))" : ""
            lines.append("\(profile.publications.count) articles on this page\(more)")
            lines.append("")
            lines += numbered(profile.publications)
        case .articleDetail(let article):
            lines.append("Google Scholar article: \(article.title)")
            if !article.authors.isEmpty { lines.append(article.authors.joined(separator: ", ")) }
            lines.append([article.venue, article.publicationDate].compactMap { $0 }.joined(separator: ", "))
            lines.append("Cited by \(article.totalCitations)")
            if let perYear = article.citationsPerYear { lines.append("Citations per year: \(describe(perYear))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func numbered(_ results: [GoogleScholarResult]) -> [String] {
        var lines: [String] = []
        for (index, result) in results.enumerated() {
            let type = result.type.map { "[\($0)] " } ?? ""
            let year = result.year.map { " (\($0))" } ?? ""
            lines.append("\(index + 1). \(type)\(result.title)\(year) — cited by \(result.citations)")
            let authors = AuthorList.join(result.authors, truncated: result.authorsTruncated)
            let source = [authors.isEmpty ? nil : authors, result.venue, result.publisher].compactMap { $0 }.joined(separator: " — ")
            if !source.isEmpty { lines.append("   \(source)") }
            if let url = result.url { lines.append("   \(url)") }
        }
        return lines
    }

    private static func describe(_ indices: GoogleScholarProfileIndices) -> String {
        let since = indices.sinceYear.map { "since \($0)" } ?? "recent"
        func pair(_ name: String, _ all: Int?, _ recent: Int?) -> String {
            "\(name) \(all.map(String.init) ?? "?") (\(since): \(recent.map(String.init) ?? "?"))"
        }
        return [
            pair("Citations", indices.citations, indices.citationsSince),
            pair("h-index", indices.hIndex, indices.hIndexSince),
            pair("i10-index", indices.i10Index, indices.i10IndexSince),
        ].joined(separator: ", ")
    }

    private static func describe(_ perYear: [Int: Int]) -> String {
        perYear.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
