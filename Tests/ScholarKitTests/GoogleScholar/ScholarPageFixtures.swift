import Foundation
@testable import ScholarKit

/// The saved Google Scholar pages of the shared fixtures, by folder.
enum ScholarPageFixtures {
    static let results = "scholar/google-scholar-results"
    static let profiles = "scholar/google-scholar-profiles"
    static let blocked = "scholar/google-scholar-blocked"

    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        Array(try Fixtures.data("\(folder)/\(name)"))
    }

    /// Every `.html` file of a fixture folder, sorted by name.
    static func pages(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.url(folder).path).filter { $0.hasSuffix(".html") }.sorted()
    }

    static func resultsPage(_ name: String) throws -> GoogleScholarResultsPage {
        try GoogleScholarResultsPage.parse(html: bytes(results, name))
    }

    static func profilePage(_ name: String) throws -> GoogleScholarProfilePage {
        try GoogleScholarProfilePage.parse(html: bytes(profiles, name))
    }
}
