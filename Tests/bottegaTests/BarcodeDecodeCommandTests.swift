import Foundation
import Testing

/// `bottega barcode decode`, run as a user would, on real photos and on what `encode` draws.
@Suite struct BarcodeDecodeCommandTests {
    struct Result: Decodable {
        let format: String
        let text: String
        let rawBytes: String
    }

    struct FileResult: Decodable {
        let file: String
        let results: [Result]
        let error: String?
    }

    @Test(Fixtures.required)
    func test_decodePrintsOneJSONEntryPerFileWithFormatAndExactText() throws {
        let qr = Fixtures.barcode("qrcode-2/17.png")
        let ean = Fixtures.barcode("ean13-1/1.png")
        let run = try CommandLineRun.bottega("barcode", "decode", "--format", "json", qr, ean)
        #expect(run.status == 0)
        let files = try JSONDecoder().decode([FileResult].self, from: Data(run.standardOutput.utf8))
        #expect(files.map(\.file) == [qr, ean])
        // The expected texts are the fixtures' own, byte for byte (a CR LF inside the payload included).
        let qrText = try String(decoding: Data(contentsOf: URL(fileURLWithPath: Fixtures.barcode("qrcode-2/17.txt"))), as: UTF8.self)
        #expect(files[0].results.map(\.format) == ["QR_CODE"])
        #expect(files[0].results.first?.text == qrText)
        #expect(files[1].results.map(\.format) == ["EAN_13"])
        #expect(files[1].results.first?.text == String(decoding: try Data(contentsOf: URL(fileURLWithPath: Fixtures.barcode("ean13-1/1.txt"))), as: UTF8.self))
        #expect(files[1].results.first.flatMap { Data(base64Encoded: $0.rawBytes) } == Data(files[1].results[0].text.utf8))
    }

    /// Issue 39: `--addon ignore|read|require`, as zxing-cpp's Eanaddonsymbol. The expected
    /// texts are ZXing's (`ean13-extension-1/1.txt`), and its first 13 digits for the ISBN alone.
    @Test(Fixtures.required)
    func test_addOnsAreIgnoredReadOrRequired() throws {
        let book = Fixtures.barcode("ean13-extension-1/1.png"), plain = Fixtures.barcode("ean13-1/1.png")
        let zxing = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Fixtures.barcode("ean13-extension-1/1.txt"))), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func texts(_ policy: String) throws -> [[String]] {
            let run = try CommandLineRun.bottega("barcode", "decode", "--format", "json", "--addon", policy, book, plain)
            return try JSONDecoder().decode([FileResult].self, from: Data(run.standardOutput.utf8)).map { $0.results.map(\.text) }
        }
        #expect(try texts("read")[0] == [zxing])
        #expect(try texts("ignore")[0] == [String(zxing.prefix(13))])
        let required = try texts("require")
        #expect(required[0] == [zxing] && required[1].isEmpty, "an EAN-13 without an add-on is not reported")
        let wrong = try CommandLineRun.bottega("barcode", "decode", "--addon", "sometimes", book)
        #expect(wrong.status != 0 && wrong.standardError.contains("ignore"))
    }

    @Test(Fixtures.required)
    func test_imagesDecodedTogetherAreReportedInTheFilesOrderAsOneAtATime() throws {
        // Twelve photos of three symbologies, one missing file among them: the answer of two
        // workers must be the answer of one, file by file and in the order given.
        var files = ["qrcode-2/17.png", "ean13-1/1.png", "code128-2/#444.jpg", "upca-2/01.png", "qrcode-3/01.png", "ean8-1/1.png",
                     "upce-2/01.png", "qrcode-4/01.png", "ean13-2/01.png", "upca-3/01.png", "code128-3/1.png", "qrcode-1/1.png"].map(Fixtures.barcode)
        files.insert("no-such-photo.png", at: 5)
        let together = try CommandLineRun.bottega(arguments: ["barcode", "decode", "--format", "json", "--jobs", "2"] + files)
        let alone = try CommandLineRun.bottega(arguments: ["barcode", "decode", "--format", "json", "--jobs", "1"] + files)
        #expect(together.status == 2 && alone.status == 2)
        let twoWorkers = try JSONDecoder().decode([FileResult].self, from: Data(together.standardOutput.utf8))
        let oneWorker = try JSONDecoder().decode([FileResult].self, from: Data(alone.standardOutput.utf8))
        #expect(twoWorkers.map(\.file) == files)
        #expect(together.standardOutput == alone.standardOutput)
        #expect(oneWorker.filter { !$0.results.isEmpty }.count >= 10)
        #expect(oneWorker[5].error?.contains("cannot read the file") == true)
        let none = try CommandLineRun.bottega("barcode", "decode", "--jobs", "0", files[0])
        #expect(none.status != 0 && none.standardError.contains("--jobs 0 must be between 1 and 256"))
    }

    @Test func test_whatEncodeDrawsDecodeReadsBack() throws {
        let folder = try TemporaryFolder()
        let cases: [(type: String, text: String, format: String, expected: String)] = [
            ("ean13", "400638133393", "EAN_13", "4006381333931"),
            ("upce", "0123456", "UPC_E", "0012345000065"),
            ("code128", "Bottega 2026", "CODE_128", "Bottega 2026"),
            ("qr", "Grüße aus Padova\n", "QR_CODE", "Grüße aus Padova\n"),
        ]
        for (index, example) in cases.enumerated() {
            let png = path(in: folder, "\(index).png")
            #expect(try CommandLineRun.bottega("barcode", "encode", "--type", example.type, "--png", png, "--", example.text).status == 0)
            let run = try CommandLineRun.bottega("barcode", "decode", "--format", "json", png)
            let results = try JSONDecoder().decode([FileResult].self, from: Data(run.standardOutput.utf8)).first?.results ?? []
            #expect(run.status == 0)
            #expect(results.map(\.format) == [example.format], "\(example.type)")
            #expect(results.first?.text == example.expected, "\(example.type)")
        }
    }

    @Test func test_anImageWithoutACodeExitsWithStatusOne() throws {
        let folder = try TemporaryFolder()
        let blank = path(in: folder, "blank.pgm")
        try Data(Array("P5\n64 48\n255\n".utf8) + [UInt8](repeating: 200, count: 64 * 48)).write(to: URL(fileURLWithPath: blank))
        let run = try CommandLineRun.bottega("barcode", "decode", blank)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("nothing found"))
    }

    @Test func test_unreadableFilesExitWithStatusTwoAndSayWhy() throws {
        let folder = try TemporaryFolder()
        let text = path(in: folder, "notes.png")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        let notImage = try CommandLineRun.bottega("barcode", "decode", text)
        #expect(notImage.status == 2)
        #expect(notImage.standardError.contains("not a PNG, JPEG or PGM file"))

        let missing = try CommandLineRun.bottega("barcode", "decode", path(in: folder, "missing.png"))
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read the file"))

        // A PNG cut in half: libpng's complaint, not a crash or an empty result.
        let whole = path(in: folder, "whole.png"), cut = path(in: folder, "cut.png")
        #expect(try CommandLineRun.bottega("barcode", "encode", "--type", "qr", "cut short", "--png", whole).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let truncated = try CommandLineRun.bottega("barcode", "decode", cut)
        #expect(truncated.status == 2)
        #expect(truncated.standardError.contains("damaged or incomplete"))

        let wrongSize = try CommandLineRun.bottega("barcode", "decode", "--raw", "10x10", text)
        #expect(wrongSize.status == 2)
        #expect(wrongSize.standardError.contains("10×10"))
    }

    @Test func test_anImageOverTheSizeLimitIsRefusedBeforeDecoding() throws {
        // A PGM header claiming 20000 × 20000 pixels (400 megapixels) and no pixels behind it.
        let folder = try TemporaryFolder()
        let huge = path(in: folder, "huge.pgm")
        try Data("P5\n20000 20000\n255\n".utf8).write(to: URL(fileURLWithPath: huge))
        let run = try CommandLineRun.bottega("barcode", "decode", huge)
        #expect(run.status == 2)
        #expect(run.standardError.contains("20000×20000") && run.standardError.contains("limit"))
    }
}

private func path(in folder: TemporaryFolder, _ name: String) -> String {
    folder.url.appendingPathComponent(name).path
}
