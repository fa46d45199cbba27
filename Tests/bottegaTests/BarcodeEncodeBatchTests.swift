import Foundation
import Testing

/// `bottega barcode encode --output-dir`: many codes in one process.
@Suite struct BarcodeEncodeBatchTests {
    private struct FileResult: Decodable {
        struct Symbol: Decodable { let format: String; let text: String }
        let results: [Symbol]
    }

    @Test func test_linesOfStandardInputBecomeOneFileEachThatDecodesToItsLine() throws {
        let folder = try TemporaryFolder()
        let texts = ["https://www.unipd.it/", "Grüße aus Padova", "", "ticket 42"]
        let run = try CommandLineRun.bottega(
            arguments: ["barcode", "encode", "--type", "qr", "--stdin", "--output-dir", folder.path("codes"), "--format", "png"],
            input: texts.joined(separator: "\r\n") + "\n"
        )
        #expect(run.status == 0, "\(run.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("codes")).sorted()
        // The blank line is skipped: three codes, numbered in order.
        #expect(written == ["1.png", "2.png", "3.png"])
        for (file, text) in zip(written, texts.filter { !$0.isEmpty }) {
            let decoded = try CommandLineRun.bottega("barcode", "decode", "--format", "json", folder.path("codes/\(file)"))
            let symbols = try JSONDecoder().decode([FileResult].self, from: Data(decoded.standardOutput.utf8)).first?.results ?? []
            #expect(symbols.map(\.text) == [text], "\(file)")
        }
    }

    @Test func test_argumentsAreNamedFromTheTemplateWithTheTextMadeSafe() throws {
        let folder = try TemporaryFolder()
        let run = try CommandLineRun.bottega(
            "barcode", "encode", "--type", "ean13", "--output-dir", folder.path("out"), "--name", "{type}-{text}",
            "400638133393", "978020137962", "../etc/passwd"
        )
        // The third is not an EAN: reported by its place, skipped, and the status says so.
        #expect(run.status == 1)
        #expect(run.standardError.contains("argument 3:"))
        #expect(run.standardError.contains("wrote 2 of 3 codes"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted()
        #expect(written == ["ean13-400638133393.svg", "ean13-978020137962.svg"])
        let drawing = try String(contentsOfFile: folder.path("out/ean13-978020137962.svg"), encoding: .utf8)
        #expect(drawing.contains("9780201379624"))
    }

    @Test func test_namesThatWouldCollideAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder()
        let run = try CommandLineRun.bottega(
            "barcode", "encode", "--type", "qr", "--output-dir", folder.path("out"), "--name", "{text}", "a/b", "a_b"
        )
        #expect(run.status != 0)
        #expect(run.standardError.contains("argument 1 and argument 2 would both be written to a_b.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).isEmpty)
    }

    @Test func test_batchOptionsWithoutABatchAndBadTemplatesAreRefused() throws {
        let many = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "one", "two")
        #expect(many.status != 0 && many.standardError.contains("add --output-dir DIR"))
        let stdinAlone = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "--stdin")
        #expect(stdinAlone.status != 0 && stdinAlone.standardError.contains("add --output-dir DIR"))
        let sameName = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "--output-dir", "x", "--name", "code", "a")
        #expect(sameName.status != 0 && sameName.standardError.contains("use {n} or {text}"))
        let unknown = try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "--output-dir", "x", "--name", "{n}-{date}", "a")
        #expect(unknown.status != 0 && unknown.standardError.contains("the placeholders are {n}, {text} and {type}"))
        let empty = try CommandLineRun.bottega(arguments: ["barcode", "encode", "--type", "qr", "--stdin", "--output-dir", "x"], input: "\n  \n")
        #expect(empty.status != 0 && empty.standardError.contains("holds no text"))
    }
}
