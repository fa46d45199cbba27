import Foundation
import ScholarKit
import Testing

/// The homepage filter over the whole test set (`HomepageTestPage.all`): for each page the
/// search results are its real titles as Scholar alters them plus namesakes' titles from the
/// same field, and the filter must keep the first and refuse the second.
@Suite(Fixtures.required)
struct HomepageTestSetTests {
    struct PageScore {
        var page: String
        var listed: Int
        var truePositives = 0
        var falsePositives = 0
        var falseNegatives = 0
        var refused = false

        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
        var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
    }

    static func score(_ testPage: HomepageTestPage) throws -> PageScore {
        let titles = try testPage.titles()
        let present = titles.enumerated().map { ScholarPerturbation.forTitle(at: $0.offset).apply(to: $0.element) }
        let results = (present + testPage.namesakeTitles).map { HomepageCandidate(title: $0, authors: []) }
        var score = PageScore(page: testPage.page, listed: titles.count)
        let match: HomepageMatch
        do {
            match = try HomepageFilter().match(homepage: try testPage.document(), results: results)
        } catch {
            score.refused = true
            score.falseNegatives = present.count
            return score
        }
        for (index, onHomepage) in match.resultsOnHomepage.enumerated() {
            let isOnPage = index < present.count
            switch (onHomepage, isOnPage) {
            case (true, true): score.truePositives += 1
            case (true, false):
                score.falsePositives += 1
                if ProcessInfo.processInfo.environment["HOMEPAGE_SET_DEBUG"] != nil { print("false \(testPage.page): \(results[index].title)") }
            case (false, true):
                score.falseNegatives += 1
                if ProcessInfo.processInfo.environment["HOMEPAGE_SET_DEBUG"] != nil { print("missed \(testPage.page): \(ScholarPerturbation.forTitle(at: index)) \(present[index])") }
            case (false, false): break
            }
        }
        return score
    }

    @Test func test_theWholeSetReachesTheRecallAndPrecisionTargets() throws {
        var scores: [PageScore] = []
        for page in HomepageTestPage.all { scores.append(try Self.score(page)) }
        for score in scores {
            print(String(format: "homepage-set %@ listed %d recall %.3f precision %.3f%@", score.page, score.listed, score.recall, score.precision, score.refused ? " REFUSED" : ""))
        }
        let truePositives = scores.map(\.truePositives).reduce(0, +)
        let falsePositives = scores.map(\.falsePositives).reduce(0, +)
        let falseNegatives = scores.map(\.falseNegatives).reduce(0, +)
        let recall = Double(truePositives) / Double(truePositives + falseNegatives)
        let precision = Double(truePositives) / Double(truePositives + falsePositives)
        print(String(format: "homepage-set overall recall %.3f precision %.3f (%d true, %d false positives, %d missed)", recall, precision, truePositives, falsePositives, falseNegatives))
        #expect(recall >= 0.95)
        #expect(precision >= 0.98)
    }
}
