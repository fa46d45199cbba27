import Foundation
import Testing
@testable import ScholarKit

/// Issue 36, item 8: a publication's "Cited by" link comes from imported files too, and
/// "Fetch the years" asked it of whatever host it named when the runner used Google Scholar
/// itself: `http://127.0.0.1:6379/…` in a CitesURL column reached this machine.
@Suite struct CitedByLinkTests {
    static let scholar = URL(string: "https://scholar.google.com")!

    @Test(arguments: [
        ("http://127.0.0.1:6379/scholar?cites=123&hl=en", "https://scholar.google.com/scholar?cites=123&hl=en"),
        ("http://user:pw@10.0.0.1/scholar?cites=9", "https://scholar.google.com/scholar?cites=9"),
        ("https://scholar.google.com/scholar?cites=5", "https://scholar.google.com/scholar?cites=5"),
        ("/scholar?cites=7", "https://scholar.google.com/scholar?cites=7"),
    ])
    func theLinkIsAlwaysAskedOfTheRunnersScholar(stored: String, asked: String) {
        #expect(ScholarSearchRunner.citedBy(stored, askedOf: Self.scholar) == asked)
    }

    @Test func aLocalScholarGetsThePathAndQuery() {
        let local = URL(string: "http://127.0.0.1:8123")!
        #expect(ScholarSearchRunner.citedBy("https://scholar.google.com/scholar?cites=5", askedOf: local) == "http://127.0.0.1:8123/scholar?cites=5")
    }
}
