import ArgumentParser
import BarcodeKit
import BarcodeWallet
import Foundation
import Storage

/// `bottega barcode share`: puts a code in the shared wallet every visitor sees. Visitors can
/// only read it (issue 24), so filling it is the server operator's job, from the server's shell.
struct BarcodeShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Save a code in the shared wallet everyone sees (visitors can only read it).")
    @OptionGroup var workspace: WorkspaceOptions
    /// `--type ean13`, as `encode` and `decode` name symbologies.
    @Option(name: .customLong("type"), help: "ean13, ean8, upca, upce, code128 or qr.") var symbology: BarcodeEncodeCommand.Symbology?
    /// The earlier spelling, kept so scripts written for it still run: the API's names (EAN_13) or --type's.
    @Option(help: ArgumentHelp("The same as --type, also as the API writes it (EAN_13).", visibility: .hidden)) var format: String?
    @Option(help: "What the code is, as the history shows it.") var description: String?
    @Argument(help: "The code's text (EAN/UPC with or without its check digit).") var text: String

    func validate() throws {
        if symbology == nil, format == nil { throw ValidationError("Give the code's symbology: --type ean13, ean8, upca, upce, code128 or qr.") }
    }

    func run() throws {
        let named = format.flatMap { BarcodeFormat(rawValue: $0) ?? BarcodeEncodeCommand.Symbology(rawValue: $0.lowercased())?.format }
        guard let barcodeFormat = symbology?.format ?? named else {
            throw ValidationError("--format \(format ?? "") is not a symbology: use --type ean13, ean8, upca, upce, code128 or qr.")
        }
        let store: WalletStore
        do {
            store = try WalletStore(database: try SQLiteFile.open(path: workspace.path))
        } catch {
            throw CommandFailure("cannot open the wallet in \(workspace.path): \(error.localizedDescription)")
        }
        do {
            let saved = try store.share(format: barcodeFormat, text: text, description: description)
            print("shared code \(saved.id): \(saved.format.rawValue) \(saved.text)")
        } catch {
            throw CommandFailure("cannot share: \(error.localizedDescription)")
        }
    }
}
