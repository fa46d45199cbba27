import Foundation
import Markup
import ScholarKit

/// A saved homepage from `../shared/fixtures/scholar/homepages/` with search results to match.
struct HomepageCase {
    let document: MarkupDocument
    let results: [HomepageCandidate]

    /// `present` are titles from the page as Scholar might give them, `decoys` titles the page lacks.
    init(page: String, present: [String], decoys: [String]) throws {
        document = try MarkupDocument.html(Array(Fixtures.data("scholar/homepages/\(page)")))
        results = (present + decoys).map { HomepageCandidate(title: $0, authors: []) }
    }

    func match(_ filter: HomepageFilter = HomepageFilter()) throws -> HomepageMatch {
        try filter.match(homepage: document, results: results)
    }
}

/// Titles of well-known papers that none of the fixture homepages lists.
let decoyTitles = [
    "Deep residual learning for image recognition",
    "Attention is all you need",
    "A survey on graph neural networks for recommender systems",
    "The economic consequences of the peace treaty negotiations",
    "Random forests for land cover classification with satellite imagery",
    "Climate change impacts on alpine plant biodiversity",
]
