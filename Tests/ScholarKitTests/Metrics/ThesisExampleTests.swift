import Testing
@testable import ScholarKit

/// The worked example of the Italian thesis: 22 papers, h = 9, g = 15.
@Suite struct ThesisExampleTests {
    let citations = [100, 21, 17, 11, 10, 10, 9, 9, 9, 8, 7, 6, 5, 4, 4, 3, 2, 2, 1, 1, 0, 0]

    @Test func hIndexIsNineBecauseTheTenthPaperHasOnlyEightCitations() {
        let result = metrics(papers(citations: citations))
        // 9th paper: 9 ≥ 9; 10th paper: 8 < 10.
        #expect(result.h == 9)
    }

    @Test func gIndexIsFifteenBecauseTopSixteenFallShortOf256() {
        let result = metrics(papers(citations: citations))
        let top15: Int = 100 + 21 + 17 + 11 + 10 + 10 + 9 + 9 + 9 + 8 + 7 + 6 + 5 + 4 + 4   // 230 ≥ 225
        let top16 = top15 + 3                                                          // 233 < 256
        #expect(top15 >= 15 * 15 && top16 < 16 * 16)
        #expect(result.g == 15)
        #expect(result.gPadded == 15)
    }

    @Test func totalsAndRatiosFollowFromTheCitations() {
        let result = metrics(papers(citations: citations, years: Array(repeating: 2015, count: 22)), year: 2024)
        let total: Int = 100 + 21 + 17 + 11 + 10 + 10 + 9 + 9 + 9 + 8 + 7 + 6 + 5 + 4 + 4 + 3 + 2 + 2 + 1 + 1
        #expect(result.papers == 22)
        #expect(result.citations == total)
        #expect(result.years == 2024 - 2015 + 1)
        #expect(result.citesPerYear == Double(total) / 10)
        #expect(result.citesPerPaper == Double(total) / 22)
        #expect(result.m == 9.0 / 10)
        #expect(result.hirschA == Double(total) / 81)
        #expect(result.i10 == 6)   // 100, 21, 17, 11, 10, 10
    }

    @Test func eIndexIsTheSquareRootOfTheCoreExcess() {
        let result = metrics(papers(citations: citations))
        let core: Int = 100 + 21 + 17 + 11 + 10 + 10 + 9 + 9 + 9
        #expect(result.e == Double(core - 81).squareRoot())
    }

    @Test func theNineMostCitedAreTheCoreAndNoneIsInLimbo() {
        let report = MetricsReport(publications: papers(citations: citations), options: MetricsOptions(referenceYear: 2024))
        #expect(report.statuses.prefix(9).allSatisfy { $0 == .hCore })
        // The h-th paper has 9 citations and no paper outside the core has 9.
        #expect(report.statuses.dropFirst(9).allSatisfy { $0 == .outside })
    }
}
