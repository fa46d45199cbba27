import ArgumentParser
import BarcodeKit
import Foundation

/// `bottega barcode …`: check, encode and draw EAN/UPC, Code 128 and QR codes.
struct BarcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "barcode",
        abstract: "Check, encode and decode EAN-13, EAN-8, UPC-A, UPC-E, Code 128 and QR codes; draw them as SVG, PNG or in the terminal.",
        subcommands: [BarcodeCheckCommand.self, BarcodeEncodeCommand.self, BarcodeDecodeCommand.self, BarcodeShareCommand.self]
    )
}

/// `bottega barcode check CODE`.
struct BarcodeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say whether an EAN-13, EAN-8, UPC-A or UPC-E code is valid, its check digit and its GS1 prefix's country.",
        discussion: "Exit status 1 when the code is not valid; the message says why (a character that is not a digit, a wrong length, or the check digit the other digits give)."
    )
    @Argument(help: "The code's digits: 13 (EAN-13), 12 (UPC-A), 8 (EAN-8, or UPC-E with --upce).") var code: String
    @Flag(help: "Read an 8-digit (or 6/7-digit) code as UPC-E rather than EAN-8.") var upce = false
    @Option(help: "text or json.") var format: OutputFormat = .text

    struct Document: Encodable {
        let valid: Bool
        let format: String
        let checkDigit: String
        let country: String?
        let gtin13: String?
    }

    func run() throws {
        let checked: CheckedCode
        do {
            checked = upce ? try EANUPC.check(code, as: .upcE) : try EANUPC.check(code)
        } catch {
            StandardError.write("invalid: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        switch format {
        case .json:
            try JSONOutput.print(Document(valid: true, format: checked.format.rawValue, checkDigit: String(checked.checkDigit), country: checked.country?.name, gtin13: checked.gtin13))
        case .text:
            print("valid \(checked.format.rawValue), check digit \(checked.checkDigit)" + (checked.country.map { ", GS1 prefix of \($0.name)" } ?? ""))
        }
    }
}
