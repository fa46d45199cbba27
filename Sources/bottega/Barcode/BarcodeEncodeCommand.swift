import ArgumentParser
import BarcodeKit
import Foundation
import Raster

/// `bottega barcode encode --type … TEXT`.
struct BarcodeEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode text as a barcode and draw it: SVG or PNG to a file, or in the terminal.",
        discussion: "EAN/UPC codes may be given without their check digit; a wrong one is refused. Code 128 with --gs1 takes GS1 element strings such as (01)09501101530003(17)260101."
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
    @Argument(help: "The text or digits to encode.") var text: String

    func validate() throws {
        if svg != nil, png != nil { throw ValidationError("Give --svg FILE or --png FILE, not both.") }
        if !(1...40).contains(scale) { throw ValidationError("--scale \(scale) must be between 1 and 40 pixels per module.") }
    }

    func run() throws {
        let drawing: Drawing
        do {
            drawing = try encode()
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

    private enum Drawing {
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

    private func encode() throws(BarcodeError) -> Drawing {
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

    private func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
        StandardError.write("wrote \(path)")
    }
}
