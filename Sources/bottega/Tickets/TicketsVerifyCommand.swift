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
        discussion: "Exit status 0: valid. 1: rejected, with the reason (bad signature, expired, not yet valid, malformed). 2: the image could not be read or holds no QR Code."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Argument(help: "The ticket's payload (BT1.…) or an image file of its QR Code.") var ticket: String
    @Option(help: "Check as of this ISO 8601 time (default now), e.g. 2026-11-23T08:30:00Z.") var at: String?
    @Option(name: .customLong("public-key"), help: "The issuer's Ed25519 public key (base64, from /api/tickets/public-key); default the database's own key.")
    var publicKey: String?
    @Option(help: "text or json.") var format: OutputFormat = .text

    func run() throws {
        var instant = Date()
        if let at {
            guard let parsed = try? Date(at, strategy: .iso8601) else { throw ValidationError("--at \(at) is not an ISO 8601 time, e.g. 2026-11-23T08:30:00Z.") }
            instant = parsed
        }
        let payload = try readPayload()
        let key = try issuerKey()
        let document: TicketVerificationReport
        do {
            document = TicketVerificationReport(.success(try TicketPayload.verify(payload, publicKey: key, at: instant)))
        } catch {
            document = TicketVerificationReport(.failure(error))
        }
        switch format {
        case .json: try JSONOutput.print(document)
        case .text:
            if document.valid {
                // The operator's wall clock with its offset, as the rider's ticket shows it; a
                // pass names whom to ask for an ID.
                let zone = operatorZone(document.operator)
                let time = { (date: Date?) in date.map { TicketsIssueCommand.local($0, zone) } ?? "" }
                var line = "valid: \(document.product ?? "") of \(document.operator ?? ""), serial \(document.serial ?? "")"
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

    private func issuerKey() throws -> Curve25519.Signing.PublicKey {
        if let publicKey {
            guard let raw = Data(base64Encoded: publicKey), let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
                throw ValidationError("--public-key must be a base64 Ed25519 public key of 32 bytes.")
            }
            return key
        }
        do {
            return try workspace.openTickets().publicKey()
        } catch {
            throw CommandFailure("cannot read the issuer's key: \(error.localizedDescription)")
        }
    }
}
