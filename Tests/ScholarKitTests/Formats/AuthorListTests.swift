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

    @Test func truncationMarkersInEveryCommonSpelling() {
        #expect(AuthorList.split("A One, B Two...").truncated)
        #expect(AuthorList.split("A One, et al.").authors == ["A One"])
        #expect(AuthorList.split("A One, others").truncated)
        // A name that merely contains the letters of a marker is a name.
        #expect(AuthorList.split("A Others, B Etalon") == (["A Others", "B Etalon"], false))
    }

    @Test func invertingKeepsNamesWithoutAGivenPart() {
        #expect(AuthorList.invertingLastFirst("Plato") == "Plato")
        #expect(AuthorList.invertingLastFirst("Smith,") == "Smith")
        #expect(AuthorList.invertingLastFirst("Dvořák, Antonín") == "Antonín Dvořák")
    }

    @Test func trimmingRemovesUnicodeWhitespaceButKeepsAccents() {
        // U+00A0 no-break space and U+3000 ideographic space come from web pages and CJK exports.
        #expect("\u{00A0} Müller\u{3000}".trimmingWhitespace() == "Müller")
        #expect(" é ".trimmingWhitespace() == "é")
        #expect(" \r\n\t ".trimmingWhitespace() == "")
        #expect("plain".trimmingWhitespace() == "plain")
    }
}
