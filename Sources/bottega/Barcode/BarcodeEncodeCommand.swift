import ArgumentParser
import BarcodeKit
import Foundation
import Raster

/// `bottega barcode encode --type … TEXT…`: one code to a file or the terminal, or many codes
/// (arguments, or one per line of standard input) to one file each in a folder.
struct BarcodeEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode text as a barcode and draw it: SVG or PNG to a file, or in the terminal; many texts to one file each with --output-dir.",
        discussion: """
        EAN/UPC codes may be given without their check digit; a wrong one is refused. Code 128 with --gs1 takes GS1 element strings such as (01)09501101530003(17)260101.

        In a batch (--output-dir DIR, with texts as arguments or --stdin, one per line; blank lines are skipped) each code is written to DIR under --name: {n} is its place in the batch (zero-padded), {text} the text with anything but letters, digits, '.', '-' and '_' made '_', {type} the symbology; the extension of --format is added. A text that cannot be encoded is reported with its place and skipped; the others are still written, and the exit status is 1.
        """
    )
    enum Symbology: String, ExpressibleByArgument, CaseIterable { case ean13, ean8, upca, upce, code128, qr }
    enum Level: String, ExpressibleByArgument, CaseIterable { case L, M, Q, H }

    @Option(name: .customLong("type"), help: "ean13, ean8, upca, upce, code128 or qr.") var symbology: Symbology
    @Option(help: "QR error correction: L, M, Q or H.") var ecc: Level = .M
    @Option(name: .customLong("min-version"), help: "QR: the smallest version (1–40) to use, even when the text would fit a smaller one.")
    var minimumVersion = 1
    @Flag(help: "Code 128: encode GS1-128 (FNC1, application identifiers in parentheses).") var gs1 = false
    @Option(help: "Write an SVG to this file.") var svg: String?
    @Option(help: "Write a PNG to this file.") var png: String?
    @Option(help: "PNG pixels per module.") var scale = 4
    @Flag(help: "Terminal: print dark modules (for a light background).") var lightBackground = false
    @Option(name: .customLong("output-dir"), help: "Batch: write one file per text into this folder (made if missing).")
    var outputDirectory: String?
    @Option(help: "Batch: the file name template ({n}, {text}, {type}); the extension is added.") var name = "{n}"
    @Option(help: "Batch: svg or png.") var format: BatchFileFormat = .svg
    @Flag(help: "Batch: read the texts from standard input, one per line.") var stdin = false
    @Argument(help: "The text or digits to encode; several with --output-dir.") var texts: [String] = []

    func validate() throws {
        if svg != nil, png != nil { throw ValidationError("Give --svg FILE or --png FILE, not both.") }
        if !(1...40).contains(scale) { throw ValidationError("--scale \(scale) must be between 1 and 40 pixels per module.") }
        if outputDirectory != nil {
            if svg != nil || png != nil { throw ValidationError("--output-dir writes one file per text; leave out --svg and --png (choose with --format).") }
            if stdin, !texts.isEmpty { throw ValidationError("Give the texts as arguments or with --stdin, not both.") }
            if !stdin, texts.isEmpty { throw ValidationError("Name the texts to encode, or pass --stdin to read them one per line.") }
            try BatchFileNames.check(template: name)
        } else {
            if stdin { throw ValidationError("--stdin encodes many texts: add --output-dir DIR for their files.") }
            if texts.isEmpty { throw ValidationError("Name the text to encode.") }
            if texts.count > 1 { throw ValidationError("\(texts.count) texts given: add --output-dir DIR to write one file each.") }
        }
    }

    func run() throws {
        if let outputDirectory {
            try runBatch(into: outputDirectory)
            return
        }
        let drawing: Drawing
        do {
            drawing = try encode(texts[0])
        } catch {
            StandardError.write("error: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        if let svg {
            try write(Array(drawing.svg().utf8), to: svg)
        } else if let png {
            try write(try drawing.png(scale: scale), to: png)
        } else {
            print(drawing.terminal(lightBackground: lightBackground), terminator: "")
        }
    }

    enum Drawing {
        case linear(LinearSymbol)
        case matrix(QRCode)

        func svg() -> String {
            switch self {
            case .linear(let symbol): SVGBarcodeRenderer.svg(symbol)
            case .matrix(let code): SVGBarcodeRenderer.svg(code.matrix, title: "QR Code version \(code.version)-\(code.ecc.letter)")
            }
        }

        func png(scale: Int) throws -> [UInt8] {
            switch self {
            case .linear(let symbol): try PNGBarcodeRenderer.png(symbol, scale: scale)
            case .matrix(let code): try PNGBarcodeRenderer.png(code.matrix, scale: scale)
            }
        }

        func terminal(lightBackground: Bool) -> String {
            switch self {
            case .linear(let symbol): TerminalBarcodeRenderer.render(symbol, lightBackground: lightBackground)
            case .matrix(let code): TerminalBarcodeRenderer.render(code.matrix, lightBackground: lightBackground)
            }
        }
    }

    func encode(_ text: String) throws(BarcodeError) -> Drawing {
        switch symbology {
        case .ean13: .linear(try EANUPCEncoder.encode(text, as: .ean13))
        case .ean8: .linear(try EANUPCEncoder.encode(text, as: .ean8))
        case .upca: .linear(try EANUPCEncoder.encode(text, as: .upcA))
        case .upce: .linear(try EANUPCEncoder.encode(text, as: .upcE))
        case .code128: .linear(try Code128Encoder.encode(text, gs1: gs1))
        case .qr: .matrix(try QREncoder.encode(text, ecc: level, minimumVersion: minimumVersion))
        }
    }

    private var level: QRErrorCorrection {
        switch ecc {
        case .L: .low
        case .M: .medium
        case .Q: .quartile
        case .H: .high
        }
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
        StandardError.write("wrote \(path)")
    }
}
