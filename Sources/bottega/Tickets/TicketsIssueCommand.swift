import ArgumentParser
import BarcodeKit
import Foundation
import TicketKit

/// `bottega tickets issue`: a ticket signed with the server's key, as a sale would issue it.
struct TicketsIssueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Issue a signed ticket with the server's key and print its serial, payload and validity.",
        discussion: "A ride is valid from now for the product's minutes, as an SMS ticket is from its purchase; a subscription covers the calendar week, month, semester or year containing --start (default today). The QR Code goes to --png."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Option(name: .customLong("operator"), help: "The operator's code (see `bottega tickets catalogue`).") var operatorCode: String
    @Option(name: .customLong("product"), help: "The product's code.") var productCode: String
    @Option(help: "A subscription's first day, YYYY-MM-DD, in the operator's time zone (default today).") var start: String?
    @Option(help: "Write the ticket's QR Code as a PNG here.") var png: String?
    @Option(help: "text or json.") var format: OutputFormat = .json

    struct Document: Encodable {
        let serial: String
        let payload: String
        let validFrom: Date
        let validUntil: Date
    }

    func run() throws {
        let store = try workspace.openTickets()
        var startDate: Date?
        if let start {
            let zone = (try store.catalogue().operator(code: operatorCode)).flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(identifier: "Europe/Rome") ?? .current
            guard let date = CalendarDay.date(start, in: zone) else {
                throw ValidationError("--start \(start) is not a date; use YYYY-MM-DD, e.g. 2026-12-01.")
            }
            startDate = date
        }
        let ticket: IssuedTicket
        do {
            ticket = try store.issueDirect(operatorCode: operatorCode, productCode: productCode, start: startDate)
        } catch {
            throw CommandFailure("cannot issue: \(error.localizedDescription)")
        }
        guard let payload = ticket.payload, let serial = ticket.serial, let from = ticket.validFrom, let until = ticket.validUntil else {
            throw CommandFailure("the ticket was recorded but not signed")
        }
        if let png {
            do {
                let bytes = try PNGBarcodeRenderer.png(try store.qrCode(for: payload), scale: 8)
                try Data(bytes).write(to: URL(fileURLWithPath: png))
            } catch {
                throw CommandFailure("cannot write \(png): \(error.localizedDescription)")
            }
        }
        let document = Document(serial: String(serial), payload: payload, validFrom: from, validUntil: until)
        switch format {
        case .json: try JSONOutput.print(document)
        case .text:
            print("serial \(document.serial)\nvalid \(from.formatted(.iso8601)) – \(until.formatted(.iso8601))\n\(payload)")
        }
    }
}
