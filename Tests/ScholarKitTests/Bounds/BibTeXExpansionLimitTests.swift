import Foundation
import Testing
@testable import ScholarKit

/// Issue 36, item 1: `@string` macros and `#` joins expand within `BibTeXExpansionLimits`, and a
/// file that would expand further is refused, naming the block's line and the limit, in the
/// whole-file importer and the streamed metrics reader alike.
@Suite struct BibTeXExpansionLimitTests {
    /// The issue's repro: `a0 = "x"`, then `aN = aN-1 # aN-1` for N = 1…depth, then an entry
    /// whose title is the last macro (depth 39: 2^39 characters if expanded). The issue calls the
    /// file 934 bytes; its Python command writes 931, as this does.
    static func macroChain(depth: Int) -> String {
        "@string{a0=\"x\"}\n" + (1...depth).map { "@string{a\($0)=a\($0 - 1) # a\($0 - 1)}\n" }.joined()
            + "@article{k,title=a\(depth),author={A B},year={2000}}\n"
    }

    @Test func theIssuesMacroChainIsTheIssuesFile() {
        #expect(Self.macroChain(depth: 39).utf8.count == 931)
    }

    /// a_N holds 2^N bytes: a16 is 65,536, the limit for one value; a17, on line 18 (a0 is on
    /// line 1), would be 131,072 and is refused.
    @Test(arguments: [24, 28, 39])
    func aDoublingMacroChainIsRefusedAtTheLinkPastTheLimit(depth: Int) throws {
        let error = #expect(throws: ImportProblem.self) { try readBibTeX(Self.macroChain(depth: depth)) }
        #expect(error?.line == 18)
        #expect(error?.message.contains("'a17'") == true)
        #expect(error?.message.contains("65,536 bytes") == true)
    }

    /// The chain is never expanded: the scanner copies a1…a16 (2 + 4 + … + 65,536 = 131,070
    /// bytes) and a17's first half (65,536) before the second half is refused, and nothing after
    /// (a18 and on refer to the undefined a17, which BibTeX reads as empty).
    @Test func theRefusedChainCopiesUnderTwoHundredKilobytes() {
        var scanner = BibTeXScanner(bytes: Array(Self.macroChain(depth: 39).utf8))
        var malformedLines: [Int] = []
        while let item = scanner.next() {
            if case .malformed(let line, _) = item { malformedLines.append(line) }
        }
        #expect(malformedLines == [18])
        #expect(scanner.expandedBytes == 131_070 + 65_536)
        #expect(scanner.expansionRefusals == 1)
    }

    @Test func aLenientReadingSkipsTheRefusedMacroAndTheEntryItEmptied() throws {
        let result = try readBibTeX(Self.macroChain(depth: 39), lenient: true)
        #expect(result.publications.isEmpty)
        #expect(result.skipped.map(\.line) == [18, 41])
        #expect(result.skipped.last?.message == "entry 'k' has no title")
    }

    /// One macro of 60,000 bytes referred to by 40 entries. The file: `@string{big = "…"}` and a
    /// newline is 15 + 60,000 + 3 = 60,018 bytes, each `@article{kNN, title = big}` and newline 27,
    /// so 61,098 in all, allowing 4 × 61,098 + 1,048,576 = 1,292,968 bytes of expansion: 21 titles
    /// (1,260,000); the 22nd (k22, line 23) would reach 1,320,000 and is refused.
    static let repeatedLargeMacro: String = {
        "@string{big = \"" + String(repeating: "x", count: 60_000) + "\"}\n"
            + (1...40).map { String(format: "@article{k%02d, title = big}\n", $0) }.joined()
    }()

    @Test func aFileThatRepeatsALargeMacroIsRefusedPastItsAllowance() throws {
        #expect(Self.repeatedLargeMacro.utf8.count == 61_098)
        let error = #expect(throws: ImportProblem.self) { try readBibTeX(Self.repeatedLargeMacro) }
        #expect(error?.line == 23)
        #expect(error?.message.hasPrefix("entry 'k22' expands @string macros") == true)
        #expect(error?.message.contains("1,292,968 bytes") == true)

        let lenient = try readBibTeX(Self.repeatedLargeMacro, lenient: true)
        #expect(lenient.publications.count == 21)
        #expect(lenient.skipped.map(\.line) == Array(23...41))
        // Each kept title is cut to the field limit, and says so.
        #expect(lenient.publications.allSatisfy { $0.title == String(repeating: "x", count: ImportFieldLimits.title) })
        #expect(lenient.changed.count == 21)
    }

    /// The streamed reader (`bottega scholar metrics`) applies the same rule: the same refusal,
    /// the same papers, whatever the piece size.
    @Test(arguments: [false, true])
    func theStreamedReaderRefusesAsTheWholeFileReaderDoes(lenient: Bool) throws {
        for (name, text) in [("chain.bib", Self.macroChain(depth: 39)), ("repeated.bib", Self.repeatedLargeMacro)] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-expansion-\(UUID().uuidString)-\(name)")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            StreamedMetricsTests.expectSame(url, skipBad: lenient)
        }
    }

    /// A value that joins macros as real files do is untouched: `month = jan`, and a journal
    /// macro joined with text.
    @Test func ordinaryMacrosStillExpand() throws {
        let result = try readBibTeX("""
        @string{jgr = "Journal of Geophysical Research"}
        @article{a, title = "On " # jgr, journal = jgr # ": Atmospheres", month = jan, year = 1999}
        """)
        #expect(result.publications.first?.title == "On Journal of Geophysical Research")
        #expect(result.publications.first?.venue == "Journal of Geophysical Research: Atmospheres")
    }
}
