import ArgumentParser
import BarcodeKit
import Crypto
import Foundation
import TicketKit

/// `bottega tickets verify`: the inspector's check, offline — signature and validity.
struct TicketsVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a ticket's signature and validity offline, from its payload or a photo of its QR Code.",
        discussion: """
        Each operator signs its own tickets (key ids in `bottega tickets keys`); an inspector passes \
        --operator so that another operator's ticket is rejected. Exit status 0: valid. 1: rejected, \
        with the reason (bad signature, other operator, expired, not yet valid, malformed). 2: the \
        image could not be read or holds no QR Code.
        """
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Argument(help: "The ticket's payload (BT1.…) or an image file of its QR Code.") var ticket: String
    @Option(help: "Check as of this ISO 8601 time (default now), e.g. 2026-11-23T08:30:00Z.") var at: String?
    @Option(name: .customLong("operator"), help: "Check as this operator's inspector: another operator's ticket is rejected.")
    var operatorCode: String?
    @Option(name: .customLong("public-key"), help: "The operator's Ed25519 public key (base64, from `bottega tickets keys` or /api/tickets/public-keys); default the database's keys.")
    var publicKey: String?
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        var instant = Date()
        if let at {
            guard let parsed = try? Date(at, strategy: .iso8601) else { throw ValidationError("--at \(at) is not an ISO 8601 time, e.g. 2026-11-23T08:30:00Z.") }
            instant = parsed
        }
        let payload = try readPayload()
        let document: TicketVerificationReport
        if let key = try givenKey() {
            do throws(TicketRejection) {
                let ticket = try TicketPayload.verify(payload, publicKey: key, at: instant)
                if let operatorCode, ticket.operatorCode != operatorCode { throw .otherOperator(ticket: ticket.operatorCode, inspector: operatorCode) }
                document = TicketVerificationReport(.success(ticket))
            } catch {
                document = TicketVerificationReport(.failure(error))
            }
        } else {
            let store = try workspace.openTickets()
            do {
                document = TicketVerificationReport(.success(try store.verify(payload, at: instant, operator: operatorCode)))
            } catch {
                document = TicketVerificationReport(.failure(error))
            }
        }
        switch format {
        case .json: try JSONOutput.print(document)
        case .text:
            if document.valid {
                // The operator's wall clock with its offset, as the rider's ticket shows it; a
                // pass names whom to ask for an ID.
                let zone = operatorZone(document.operator)
                let time = { (date: Date?) in date.map { TicketsIssueCommand.local($0, zone) } ?? "" }
                var line = "valid: \(document.product ?? "") of \(document.operator ?? ""), serial \(document.serial ?? ""), key \(document.keyId ?? "")"
                if let holder = document.holder { line += ", holder \(holder)" + (document.cardNumber.map { " (card \($0))" } ?? "") }
                line += ", from \(time(document.validFrom)) until \(time(document.validUntil)) (\(zone.identifier))"
                print(line)
            } else {
                print("rejected: \(document.message ?? "")")
            }
        }
        if !document.valid { throw ExitCode.failure }
    }

    /// The operator's zone from the catalogue; Rome's when the database is not at hand (every
    /// operator of the seed is Italian).
    private func operatorZone(_ code: String?) -> TimeZone {
        let rome = TimeZone(identifier: "Europe/Rome") ?? .gmt
        guard let code, let catalogue = try? workspace.openTickets().catalogue() else { return rome }
        return catalogue.operator(code: code)?.zone ?? rome
    }

    /// The argument itself, or the text of the QR Code in the image file it names.
    private func readPayload() throws -> String {
        guard FileManager.default.fileExists(atPath: ticket) else { return ticket }
        let found: [DecodedBarcode]
        do {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ticket)))
            found = try BarcodeReader(formats: [.qrCode]).decode(imageFile: bytes)
        } catch {
            StandardError.write("cannot read \(ticket): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        guard let code = found.first else {
            StandardError.write("no QR Code found in \(ticket): photograph the ticket's QR Code so that it fills the frame")
            throw ExitCode(2)
        }
        return code.text
    }

    private func givenKey() throws -> Curve25519.Signing.PublicKey? {
        guard let publicKey else { return nil }
        guard let raw = Data(base64Encoded: publicKey), let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
            throw ValidationError("--public-key must be a base64 Ed25519 public key of 32 bytes.")
        }
        return key
    }
}
