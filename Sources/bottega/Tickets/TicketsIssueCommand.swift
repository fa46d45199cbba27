import ArgumentParser
import BarcodeKit
import Foundation
import TicketKit

/// `bottega tickets issue`: a ticket signed with the server's key, as a sale would issue it.
struct TicketsIssueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue",
        abstract: "Issue a signed ticket with the server's key and print its serial, payload and validity.",
        discussion: "A single ride is valid from now for the product's minutes, as an SMS ticket is from its purchase; with --quantity N, N rides are issued unused, each signed when `bottega tickets activate` is given its id on boarding; a subscription needs --holder (and --card where the operator uses cards) and covers the calendar week, month, semester or year containing --start (default today). Times are the operator's (Europe/Rome), with their offset. The QR Code goes to --png."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @Option(name: .customLong("operator"), help: "The operator's code (see `bottega tickets catalogue`).") var operatorCode: String
    @Option(name: .customLong("product"), help: "The product's code.") var productCode: String
    @Option(help: "A subscription's first day, YYYY-MM-DD, in the operator's time zone (default today).") var start: String?
    @Option(help: "A subscription's holder: the name printed on the signed pass, as on the rider's ID.") var holder: String?
    @Option(help: "A subscription's card number, where the operator uses cards.") var card: String?
    @Option(help: "Issue this many rides, unused until each is activated (a ride product only).") var quantity: Int?
    @Option(help: "Write the ticket's QR Code as a PNG here.") var png: String?
    @Option(help: "text or json.") var format: OutputFormat = .json

    struct Document: Encodable {
        let serial: String
        let payload: String
        /// ISO 8601 in the operator's zone, with its offset.
        let validFrom: String
        let validUntil: String
        let holder: String?
        let cardNumber: String?
    }

    struct Rides: Encodable {
        struct Ride: Encodable { let ticket: Int64; let product: String; let state: String }
        let rides: [Ride]
        let activate: String
    }

    func validate() throws {
        if let quantity, !PurchaseRules.quantities.contains(quantity) {
            throw ValidationError("--quantity \(quantity) is outside \(PurchaseRules.quantities.lowerBound)…\(PurchaseRules.quantities.upperBound).")
        }
        if quantity != nil, start != nil || holder != nil { throw ValidationError("--quantity issues rides; --start and --holder are for a subscription.") }
    }

    func run() throws {
        let store = try workspace.openTickets()
        if let quantity {
            try issueRides(store, quantity: quantity)
            return
        }
        let zone = (try store.catalogue().operator(code: operatorCode))?.zone ?? TimeZone(identifier: "Europe/Rome") ?? .current
        var startDate: Date?
        if let start {
            guard let date = CalendarDay.date(start, in: zone) else {
                throw ValidationError("--start \(start) is not a date; use YYYY-MM-DD, e.g. 2026-12-01.")
            }
            startDate = date
        }
        let ticket: IssuedTicket
        do {
            ticket = try store.issueDirect(operatorCode: operatorCode, productCode: productCode, start: startDate, holder: holder, cardNumber: card)
        } catch {
            throw CommandFailure("cannot issue: \(error.localizedDescription)")
        }
        try Self.show(ticket, store: store, zone: zone, png: png, format: format)
    }

    /// Writes a signed ticket's QR Code to `png` if asked, then prints it: serial, validity in the
    /// operator's zone, holder, payload.
    static func show(_ ticket: IssuedTicket, store: TicketStore, zone: TimeZone, png: String?, format: OutputFormat) throws {
        guard let payload = ticket.payload, let serial = ticket.serial, let from = ticket.validFrom, let until = ticket.validUntil else {
            throw CommandFailure("ticket \(ticket.id) was recorded but not signed")
        }
        if let png {
            do {
                try Data(try PNGBarcodeRenderer.png(try store.qrCode(for: payload), scale: 8)).write(to: URL(fileURLWithPath: png))
            } catch {
                throw CommandFailure("cannot write \(png): \(error.localizedDescription)")
            }
        }
        let document = Document(
            serial: String(serial), payload: payload, validFrom: local(from, zone), validUntil: local(until, zone),
            holder: ticket.holder, cardNumber: ticket.cardNumber)
        switch format {
        case .json: try JSONOutput.print(document)
        case .text:
            let holderLine = ticket.holder.map { "\nholder \($0)" + (ticket.cardNumber.map { ", card \($0)" } ?? "") } ?? ""
            print("serial \(document.serial)\nvalid \(document.validFrom) – \(document.validUntil)\(holderLine)\n\(payload)")
        }
    }

    private func issueRides(_ store: TicketStore, quantity: Int) throws {
        let rides: [IssuedTicket]
        do {
            rides = try store.issueRides(operatorCode: operatorCode, productCode: productCode, quantity: quantity)
        } catch {
            throw CommandFailure("cannot issue: \(error.localizedDescription)")
        }
        let document = Rides(
            rides: rides.map { Rides.Ride(ticket: $0.id, product: $0.productCode, state: $0.state.rawValue) },
            activate: "bottega tickets activate --ticket ID, on boarding")
        switch format {
        case .json: try JSONOutput.print(document)
        case .text:
            print(rides.map { "ticket \($0.id)  \($0.productCode)  \($0.state.rawValue)" }.joined(separator: "\n"))
            print("Activate each on boarding: bottega tickets activate --ticket ID")
        }
    }

    /// "2026-11-27T18:30:00+01:00": the operator's wall clock, and the offset that makes it exact.
    static func local(_ date: Date, _ zone: TimeZone) -> String {
        var format = Date.ISO8601FormatStyle(timeZone: zone)
        format = format.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
        return date.formatted(format)
    }
}

/// `bottega tickets activate`: signs a ride issued unused by `tickets issue --quantity`, valid
/// from now for its minutes.
struct TicketsActivateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate", abstract: "Activate (sign) a ride issued with `tickets issue --quantity`, valid from now.")
    @OptionGroup var workspace: WorkspaceOptions
    @Option(help: "The ride's ticket id, as `tickets issue --quantity` printed it.") var ticket: Int64
    @Option(help: "Write the ticket's QR Code as a PNG here.") var png: String?
    @Option(help: "text or json.") var format: OutputFormat = .json

    func run() throws {
        let store = try workspace.openTickets()
        let ride: IssuedTicket
        do {
            ride = try store.activate(ticketID: ticket, owner: "cli")
        } catch {
            throw CommandFailure("cannot activate ticket \(ticket): \(error.localizedDescription)")
        }
        let zone = (try store.catalogue().operator(code: ride.operatorCode))?.zone ?? TimeZone(identifier: "Europe/Rome") ?? .current
        try TicketsIssueCommand.show(ride, store: store, zone: zone, png: png, format: format)
    }
}
