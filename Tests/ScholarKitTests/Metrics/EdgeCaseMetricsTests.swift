import Testing
@testable import ScholarKit

@Suite struct EdgeCaseMetricsTests {
    @Test func papersTiedAtTheThresholdBelowTheCoreAreInLimbo() {
        // 5, 4, 3 | 3, 3 | 1: the 3rd paper (3 cites) closes the core; two more have 3 but can't count.
        let report = MetricsReport(publications: papers(citations: [5, 4, 3, 3, 3, 1]), options: MetricsOptions(referenceYear: 2024))
        #expect(report.metrics.h == 3)
        #expect(report.statuses == [.hCore, .hCore, .hCore, .limbo, .limbo, .outside])
    }

    @Test func tiesKeepInputOrderSoTheFirstListedTiedPaperJoinsTheCore() {
        // Input order: 3 (a), 5, 3 (b), 4. Sorted: 5, 4, 3a, 3b → h = 3 with 3a in the core.
        let report = MetricsReport(publications: papers(citations: [3, 5, 3, 4]), options: MetricsOptions(referenceYear: 2024))
        #expect(report.ranking == [1, 3, 0, 2])
        #expect(report.statuses == [.hCore, .hCore, .limbo, .hCore])
    }

    @Test func allZeroCitationsGiveZeroIndicesAndNoLimbo() {
        let report = MetricsReport(publications: papers(citations: [0, 0, 0]), options: MetricsOptions(referenceYear: 2024))
        let result = report.metrics
        #expect(result.h == 0 && result.g == 0 && result.gPadded == 0 && result.hc == 0 && result.hA == 0)
        #expect(result.e == 0 && result.hirschA == 0 && result.hI == 0 && result.hm == 0 && result.awcr == 0)
        #expect(report.statuses == [.outside, .outside, .outside])
    }

    @Test func anEmptyListHasAllMetricsZeroAndNoYears() {
        let result = metrics([])
        #expect(result.papers == 0 && result.citations == 0 && result.years == 0)
        #expect(result.firstYear == nil && result.lastYear == nil)
        #expect(result.citesPerPaper == 0 && result.citesPerYear == 0 && result.authorsPerPaper == 0)
    }

    @Test func singlePaperWithTwoAuthorsFromTheYearBefore() {
        let result = metrics(papers(citations: [10], years: [2023], authorCounts: [2]), year: 2024)
        // PoP's age = max(1, 2024 − 2023) = 1; a = 2.
        #expect(result.h == 1)
        #expect(result.g == 1)                        // capped at N = 1
        #expect(result.gPadded == 3)                  // 3² = 9 ≤ 10 < 16
        #expect(result.e == Double(10 - 1).squareRoot())
        #expect(result.hI == 1.0 / 2)                 // h² / core authors
        #expect(result.hINorm == 1)                   // 10 / 2 = 5 ≥ 1
        #expect(result.hm == 0.5)                     // r = 1/2 ≤ 10
        #expect(result.hc == 1)                       // 4 · 10 / 1 = 40 ≥ 1
        #expect(result.hA == 1)
        #expect(result.awcr == 10)
        #expect(result.aw == Double(10).squareRoot())
        #expect(result.awcrpa == 10.0 / 2)
        #expect(result.citesPerAuthor == 10.0 / 2)
        #expect(result.papersPerAuthor == 0.5)
        #expect(result.authorsPerPaper == 2)
        #expect([result.acc1, result.acc2, result.acc5, result.acc10, result.acc20] == [1, 1, 1, 1, 0])   // 10 a year
        // Career length is PoP's "Years": 2024 − 2023 + 1.
        #expect(result.years == 2 && result.m == 0.5 && result.citesPerYear == 5)
        #expect(result.approximate.isEmpty)
    }

    @Test func padGReportsEgghesGAsG() {
        let result = metrics(papers(citations: [10]), padG: true)
        #expect(result.g == 3 && result.gPadded == 3)
    }

    @Test func undatedPapersAddNothingToAgeWeightedSumsAndDoNotSetTheFirstYear() {
        // Paper 1: 2020, 12 cites, age 2024 − 2020 = 4; paper 2: undated, 50 cites.
        let result = metrics(papers(citations: [12, 50], years: [2020, nil]), year: 2024)
        #expect(result.firstYear == 2020 && result.lastYear == 2020)
        #expect(result.years == 5)
        #expect(result.awcr == 3)
        #expect(result.acc1 == 1 && result.acc2 == 1 && result.acc5 == 0)
        #expect(result.hA == 1)   // scores 12/4 = 3 and 0
        #expect(result.hc == 1)   // scores 4 · 3 = 12 and 0
        #expect(result.h == 2)    // citations themselves still count
    }

    @Test func aListWithNoDatesHasZeroYearsAndZeroRates() {
        let result = metrics(papers(citations: [5, 5], years: [nil, nil]))
        #expect(result.years == 0 && result.firstYear == nil)
        #expect(result.m == 0 && result.citesPerYear == 0 && result.hIAnnual == 0 && result.awcr == 0)
    }

    @Test func papersFromTheReferenceYearAndTheYearBeforeAreOneYearOld() {
        let result = metrics(papers(citations: [6, 3], years: [2024, 2025]), year: 2024)
        // Both ages are 1 (the 2025 paper is clamped), so the rates equal the counts.
        #expect(result.awcr == 9)
        #expect(result.hA == 2)          // 6 ≥ 1, 3 ≥ 2
        #expect(result.hc == 2)          // 24, 12
        #expect(result.years == 1)
        #expect(result.acc5 == 1 && result.acc2 == 2)
    }

    @Test func authorBasedIndicesWithKnownAuthorCounts() {
        // c = 10, 8, 5, 4, 3 with a = 2, 1, 4, 2, 1 (already in ranking order).
        let result = metrics(papers(citations: [10, 8, 5, 4, 3], authorCounts: [2, 1, 4, 2, 1]))
        #expect(result.h == 4)                              // 4th paper: 4 ≥ 4; 5th: 3 < 5
        #expect(result.hI == 16.0 / Double(2 + 1 + 4 + 2))
        // c/a = 5, 8, 1.25, 2, 3 → sorted 8, 5, 3, 2, 1.25: third ≥ 3, fourth < 4.
        #expect(result.hINorm == 3)
        // r = 0.5, 1.5, 1.75, 2.25, 3.25; c ≥ r holds up to the 4th paper (4 ≥ 2.25), not the 5th (3 < 3.25).
        let hm: Double = 0.5 + 1 + 0.25 + 0.5
        let citesPerAuthor: Double = 5 + 8 + 1.25 + 2 + 3
        let papersPerAuthor: Double = 0.5 + 1 + 0.25 + 0.5 + 1
        let authors: Double = 2 + 1 + 4 + 2 + 1
        #expect(result.hm == hm)
        #expect(result.citesPerAuthor == citesPerAuthor)
        #expect(result.papersPerAuthor == papersPerAuthor)
        #expect(result.authorsPerPaper == authors / 5)
    }

    @Test func unknownAuthorListsCountOneAuthorAndMarkAuthorMetricsApproximate() {
        var list = papers(citations: [10, 2])
        list[1].authors = []
        let result = metrics(list)
        #expect(result.authorsPerPaper == 1)
        #expect(result.approximate.contains("citesPerAuthor") && result.approximate.contains("hm"))
        // The unknown paper is outside the h-core (h = 2? 2 ≥ 2 → yes, it is in the core).
        #expect(result.h == 2 && result.approximate.contains("hI"))
        #expect(!result.approximate.contains("h") && !result.approximate.contains("g"))
    }

    @Test func truncatedAuthorListOutsideTheCoreLeavesHIExact() {
        var list = papers(citations: [10, 9, 1])
        list[2].authorsTruncated = true
        let result = metrics(list)
        #expect(result.h == 2)
        #expect(result.approximate.contains("awcrpa"))
        #expect(!result.approximate.contains("hI"))
    }

    @Test func excludedPapersTakeNoPartAndAreMarkedExcluded() {
        var list = papers(citations: [50, 3, 2])
        list[0].isExcluded = true
        let report = MetricsReport(publications: list, options: MetricsOptions(referenceYear: 2024))
        #expect(report.metrics.papers == 2 && report.metrics.citations == 5)
        #expect(report.metrics.h == 2)
        #expect(report.statuses == [.excluded, .hCore, .hCore])
    }

    @Test func excludeZeroLeavesUncitedPapersOut() {
        let result = metrics(papers(citations: [4, 0, 0, 2]), excludeZero: true)
        #expect(result.papers == 2)
        #expect(result.citesPerPaper == 3)
    }

    @Test func accumulatedCountsUseCitationsPerYearOfAge() {
        // Ages 1, 1, 3 at Y = 2024; per-year rates 25, 12, 2.
        let result = metrics(papers(citations: [25, 12, 6], years: [2024, 2023, 2021]), year: 2024)
        #expect([result.acc1, result.acc2, result.acc5, result.acc10, result.acc20] == [3, 3, 2, 2, 1])
    }

    @Test func aPaperFromTheYearBeforeCountsItsCitationsWhole() {
        // PoP's own export: a 2020 paper queried in 2021 has Age 1 and CitesPerYear = Cites.
        let result = metrics(papers(citations: [6, 4], years: [2020, 2019]), year: 2021)
        #expect(result.awcr == 6 + 4.0 / 2)
        #expect(result.hc == 2)   // 24 and 8
        #expect(result.hA == 2)   // 6 ≥ 1, 2 ≥ 2
    }

    @Test func aCutAuthorListCountsOneMoreAuthorThanItNames() {
        // PoP's AuthorCount for "A, B, C, ..." is 4: the cut hides at least one.
        var list = papers(citations: [12], authorCounts: [3])
        list[0].authorsTruncated = true
        let result = metrics(list)
        #expect(result.citesPerAuthor == 3 && result.papersPerAuthor == 0.25 && result.authorsPerPaper == 4)
        #expect(result.approximate.contains("citesPerAuthor"))
    }
}
