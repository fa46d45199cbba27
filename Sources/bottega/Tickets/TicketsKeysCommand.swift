import ArgumentParser
import Foundation
import TicketKit

/// `bottega tickets keys`: the public keys an inspector's device loads, one per operator.
struct TicketsKeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List each operator's ticket-signing key id and public key, and the server's own (it signed tickets before operators had keys).",
        discussion: "Give an inspector of operator X the public key of X's key id; `tickets verify --public-key` takes it."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        let keys: [TicketPublicKey]
        do {
            keys = try workspace.openTickets().publicKeys()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot read the signing keys: \(error.localizedDescription)")
        }
        switch format {
        case .json: try JSONOutput.print(keys)
        case .text:
            for key in keys {
                print("\(key.keyId)\t\(key.operator ?? "(every operator, tickets from before issue 39)")\t\(key.publicKey)")
            }
        }
    }
}
