import Testing
@testable import ScholarKit

@Suite struct AuthorListTests {
    @Test func googleScholarListsAreCommaSeparated() {
        let split = AuthorList.split("Q Yang, J Snyder, W Tobler")
        #expect(split.authors == ["Q Yang", "J Snyder", "W Tobler"])
        #expect(!split.truncated)
    }

    @Test func aTrailingEllipsisMarksACutList() {
        let split = AuthorList.split("Y Wang, B Lian, F Wu…")
        #expect(split.authors == ["Y Wang", "B Lian", "F Wu"])
        #expect(split.truncated)
    }

    @Test func semicolonListsAreInvertedLastFirstNames() {
        let split = AuthorList.split("Tobler, W. R.; Snyder, John P.")
        #expect(split.authors == ["W. R. Tobler", "John P. Snyder"])
    }

    @Test func aSingleInvertedNameIsOneAuthor() {
        #expect(AuthorList.split("Tobler, W. R.").authors == ["W. R. Tobler"])
    }

    @Test func joinWritesTheEllipsisBack() {
        let joined = AuthorList.join(["A B", "C D"], truncated: true)
        let split = AuthorList.split(joined)
        #expect(split.authors == ["A B", "C D"])
        #expect(split.truncated)
    }
}
