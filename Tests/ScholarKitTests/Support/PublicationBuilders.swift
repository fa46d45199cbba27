@testable import ScholarKit

/// Publications built from the columns of a hand-worked example.
func papers(citations: [Int], years: [Int?]? = nil, authorCounts: [Int]? = nil) -> [Publication] {
    citations.indices.map { index in
        let authorCount = authorCounts?[index] ?? 1
        return Publication(
            title: "Paper \(index + 1)",
            authors: (0..<authorCount).map { "A\($0) Author" },
            year: years.map { $0[index] } ?? 2020,
            citations: citations[index]
        )
    }
}

func metrics(_ publications: [Publication], year: Int = 2024, excludeZero: Bool = false, padG: Bool = false) -> ImpactMetrics {
    MetricsReport(publications: publications, options: MetricsOptions(referenceYear: year, excludeZeroCited: excludeZero, padG: padG)).metrics
}
