import Foundation

/// One row of an entity's `counts_by_year`: citations received in `year` (and, for authors,
/// works published that year). OpenAlex lists only recent years, newest first.
public struct OpenAlexYearCount: Decodable, Sendable, Equatable {
    public var year: Int?
    public var citedByCount: Int?
    /// Authors only; works carry no `works_count` per year.
    public var worksCount: Int?

    private enum CodingKeys: String, CodingKey {
        case year
        case citedByCount = "cited_by_count"
        case worksCount = "works_count"
    }

    public init(year: Int?, citedByCount: Int?, worksCount: Int? = nil) {
        self.year = year
        self.citedByCount = citedByCount
        self.worksCount = worksCount
    }
}

extension Array where Element == OpenAlexYearCount {
    /// Citations by year; rows without a year are dropped and a repeated year is summed.
    public var citationsPerYear: [Int: Int] {
        var counts: [Int: Int] = [:]
        for row in self {
            guard let year = row.year else { continue }
            counts[year, default: 0] += row.citedByCount ?? 0
        }
        return counts
    }
}
