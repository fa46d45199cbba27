import Testing
@testable import ScholarKit

@Suite struct AuthorNameFilterTests {
    @Test func scholarsInitialsMatchTheFullName() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "Waldo R. Tobler"))
        #expect(filter.matches(name: "WR Tobler"))
        #expect(filter.matches(name: "W Tobler"))
        #expect(filter.matches(name: "Tobler"))
        #expect(!filter.matches(name: "S Tobler"))
        #expect(!filter.matches(name: "WR Toblerone"))
    }

    @Test func accentsCaseAndInvertedNamesAreIgnored() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "Müller, Jürgen"))
        #expect(filter.matches(name: "J MULLER"))
        #expect(filter.matches(name: "Jurgen Müller"))
        #expect(!filter.matches(name: "K Müller"))
    }

    /// Issue 21: the ways Scholar writes one researcher.
    @Test func theFormsScholarWritesANameIn() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "Feng Zhang"))
        for written in ["F Zhang", "Zhang F", "Feng Zhang", "F. Zhang", "Zhang, F.", "ZHANG F", "Zhang, Feng"] {
            #expect(filter.matches(name: written), "\(written)")
        }
        for other in ["Y Zhang", "Zhang Y", "F Zhao", "Zhang"] where other != "Zhang" {
            #expect(!filter.matches(name: other), "\(other)")
        }
        #expect(filter.verdict(["FA Ran", "PD Hsu"], truncated: true) == .truncatedBeforeName)
        #expect(filter.verdict(["FA Ran", "PD Hsu"], truncated: false) == .noMatch)
        #expect(filter.verdict(["FA Ran", "F Zhang"], truncated: true) == .matches)
    }

    @Test func surnamesWithParticlesMatchWhole() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "Ludwig van Beethoven"))
        #expect(filter.matches(name: "L van Beethoven"))
        #expect(!filter.matches(name: "L Beethoven van"))
    }

    @Test func theOutcomeCountsKeptAndDropped() throws {
        let filter = try #require(AuthorNameFilter(searchedName: "JA Doudna"))
        let lists = [["F Jiang", "JA Doudna"], ["M Redman", "A King"], [], ["J Doudna"]]
        let (kept, outcome) = filter.apply(lists) { $0 }
        #expect(kept.count == 3)
        #expect(outcome == .init(kept: 3, dropped: 1))
    }
}
