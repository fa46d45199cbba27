import Foundation
import Markup
import ScholarKit
import Testing

/// Issue 38: pages that give many citation strings in one element, parted only by `<br>` (a
/// table cell per year, a `div` per section, a run of inline text under `<body>`), found by
/// search and read by hand (`HomepageBrPages/SOURCES.md`). Before, the filter refused them
/// ("no publication list was recognised"): recall 0.
///
/// Scored as the main test set scores its pages (`HomepageTestSetTests.score`): the page's
/// own titles as Scholar alters them, its field's namesakes, and every title of the other
/// test pages, which the page does not list.
@Suite(Fixtures.required)
struct HomepageBrRunTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HomepageBrPages")

    static let pages: [HomepageTestPage] = [
        HomepageTestPage(page: "hp-tn-do-div-info-br-br.html", namesakeTitles: [
            "LIBSVM: a library for support vector machines",
            "Visualizing data using t-SNE",
            "Scikit-learn: Machine learning in Python",
            "ImageNet classification with deep convolutional neural networks",
        ]),
        HomepageTestPage(page: "hp-pierre-dubois-br-br-runs.html", namesakeTitles: [
            "Automobile prices in market equilibrium",
            "Measuring market power in the ready-to-eat cereal industry",
            "Optimal nonparametric estimation of first-price auctions",
            "The welfare effects of soda taxes",
        ]),
        HomepageTestPage(page: "hp-masami-fujiwara-td-br-br.html", namesakeTitles: [
            "Matrix population models: construction, analysis, and interpretation",
            "Extinction risk in fisheries",
            "Quasi-extinction probabilities as a measure of impact on population growth",
            "Resilience and stability of ecological systems",
        ]),
    ]

    static func titles(_ page: HomepageTestPage) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(contentsOf: folder.appendingPathComponent("\(page.page).titles.json")))
    }

    static func document(_ page: HomepageTestPage) throws -> MarkupDocument {
        try MarkupDocument.html(Array(Data(contentsOf: folder.appendingPathComponent(page.page))))
    }

    @Test(arguments: pages)
    func theTitlesOfABrRunAreFound(page: HomepageTestPage) throws {
        let others = try HomepageTestPage.all.flatMap { try $0.titles() }
        let score = try HomepageTestSetTests.score(page, titles: try Self.titles(page), document: try Self.document(page), otherTitles: others)
        print("\(page.page): recall \(score.recall), precision \(score.precision), \(score.truePositives)/\(score.listed), \(score.falsePositives) false, \(score.extracted) extracted, refused \(score.refused)")
        #expect(!score.refused)
        #expect(score.recall >= 0.9, "recall \(score.recall)")
        #expect(score.precision >= 0.97, "precision \(score.precision)")
    }

    /// The authors the filter reads off each citation, against the surnames read by hand: the
    /// share of listed publications whose every hand-read surname is among the names read.
    @Test(arguments: pages)
    func theAuthorsOfEachCitationAreRead(page: HomepageTestPage) throws {
        let titles = try Self.titles(page)
        let surnames = try JSONDecoder().decode([[String]].self, from: Data(contentsOf: Self.folder.appendingPathComponent("\(page.page).authors.json")))
        try #require(surnames.count == titles.count)
        let match = try HomepageFilter().match(homepage: try Self.document(page), results: titles.map { HomepageCandidate(title: $0, authors: []) })
        var complete = 0
        for (position, expected) in surnames.enumerated() where !expected.isEmpty {
            guard let read = match.homepagePublications.first(where: { $0.matchedResult == position }) else { continue }
            let names = read.authors.joined(separator: " ")
            if expected.allSatisfy({ names.contains($0) }) { complete += 1 }
        }
        let withAuthors = surnames.filter { !$0.isEmpty }.count
        print("\(page.page): authors read whole for \(complete) of \(withAuthors)")
        #expect(Double(complete) >= 0.8 * Double(withAuthors), "\(complete) of \(withAuthors)")
    }

    @Test(arguments: pages)
    func noNamesakeTitleIsOnItsPage(page: HomepageTestPage) throws {
        let titles = try Self.titles(page).map(MatchText.normalizedTitle)
        for namesake in page.namesakeTitles.map(MatchText.normalizedTitle) {
            #expect(titles.allSatisfy { TitleSimilarity.ratio($0, namesake) < 0.8 }, "\(namesake)")
        }
    }
}
