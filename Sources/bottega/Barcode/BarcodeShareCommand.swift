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
    @Option(help: "The code's format: \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", ")).") var format: String
    @Option(help: "What the code is, as the history shows it.") var description: String?
    @Argument(help: "The code's text (EAN/UPC with or without its check digit).") var text: String

    func run() throws {
        guard let barcodeFormat = BarcodeFormat(rawValue: format) else {
            throw ValidationError("--format \(format) is not one of \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
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
