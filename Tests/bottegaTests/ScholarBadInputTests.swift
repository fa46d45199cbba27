import Foundation
import Testing

/// Bad input gets a specific error on standard error and a non-zero exit, never a crash or a silent result.
@Suite struct ScholarBadInputTests {
    func metrics(_ arguments: String..., in directory: URL? = nil) throws -> CommandLineRun {
        try CommandLineRun.bottega(arguments: ["scholar", "metrics"] + arguments, in: directory)
    }

    @Test func aMissingFileIsNamed() throws {
        let run = try metrics("no-such-list.csv")
        #expect(run.status != 0)
        #expect(run.standardError.contains("no-such-list.csv") && run.standardError.contains("no such file"))
    }

    @Test func aNonNumericCitationCountNamesFileLineAndValue() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.csv", "Cites,Title\n3,Good\nlots,Bad\n")
        let run = try metrics("bad.csv", in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("bad.csv:3:") && run.standardError.contains("'lots'"))
    }

    @Test func skipBadSkipsAndReportsHowMany() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.csv", "Cites,Title\n3,Good\nlots,Bad\n")
        let run = try CommandLineRun.bottega("scholar", "metrics", "bad.csv", "--skip-bad", "--format", "json", in: folder.url)
        #expect(run.status == 0)
        #expect(run.standardError.contains("skipped 1 bad record"))
        #expect(run.standardOutput.contains("\"papers\" : 1"))
    }

    /// Issue 21: a row whose year is "20x0" was kept yearless without a word.
    @Test func aRowKeptWithoutItsYearIsReportedWithItsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("years.csv", "Cites,Title,Year\n3,Good,2019\n5,Odd,20x0\n")
        let run = try CommandLineRun.bottega("scholar", "metrics", "years.csv", "--skip-bad", "--format", "json", in: folder.url)
        #expect(run.status == 0)
        #expect(run.standardError.contains("years.csv:3") && run.standardError.contains("kept without a year") && run.standardError.contains("'20x0'"))
        #expect(run.standardOutput.contains("\"papers\" : 2"))
    }

    @Test func aFileThatIsNotWhatItsExtensionSaysIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("papers.bib", "Title,Authors,Cites\nA paper,A Author,3\n")
        let run = try metrics("papers.bib", in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("BibTeX") && run.standardError.contains("CSV") && run.standardError.contains("--from csv"))
    }

    @Test func aBinaryFileIsRefused() throws {
        let folder = try TemporaryFolder()
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: folder.url.appendingPathComponent("photo.csv"))
        let run = try metrics("photo.csv", in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("binary"))
    }

    @Test func anUnterminatedBibTeXEntryNamesItsLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("cut.bib", "@article{a, title={One}, citations={3}}\n\n@article{b,\n  title = {Cut short\n")
        let run = try metrics("cut.bib", in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("cut.bib:3:"))
    }

    @Test func aYearThatIsNotFourDigitsIsRejected() throws {
        let folder = try TemporaryFolder()
        try folder.write("ok.csv", "Title,Cites\nA,1\n")
        let run = try metrics("ok.csv", "--year", "21", in: folder.url)
        #expect(run.status != 0)
        #expect(run.standardError.contains("--year"))
    }

    @Test func noFilesIsAUsageError() throws {
        let run = try metrics()
        #expect(run.status != 0)
        #expect(!run.standardError.isEmpty)
    }
}
