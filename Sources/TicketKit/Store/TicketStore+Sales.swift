import Amounts
import Crypto
import Foundation
import GRDB

/// Purchases and the tickets they issue. Each call is one transaction: a purchase is
/// recorded with all its tickets, or not at all.
extension TicketStore {
    /// Prices a request against the stored catalogue at the store's clock (the summary screen).
    public func quote(_ request: PurchaseRequest) throws -> Quote {
        try catalogue().quote(request, at: now())
    }

    /// Records the purchase and issues its tickets: for a pass, one ticket signed now for its
    /// period; for each ride (a carnet's rides counted one by one) one ticket — signed at once
    /// and valid from now when bought as "single", left unused when bought as "multiple" until
    /// `activate` signs it. Throws `PurchaseError` as `TicketCatalogue.quote` does.
    public func purchase(_ request: PurchaseRequest, owner: String) throws -> Purchase {
        guard !CatalogueRules.isBlank(owner) else { throw TicketStoreError.emptyOwner }
        let instant = now()
        return try database.write { db in
            let quote = try Self.loadCatalogue(db).quote(request, at: instant)
            var purchase = PurchaseRow(
                id: nil, owner: owner, operatorCode: quote.operator.code, operatorName: quote.operator.name,
                service: request.service.rawValue, total: quote.total.plainText, start: request.start,
                paymentMessages: quote.paymentMessages, smsUnavailableReason: quote.smsUnavailableReason, created: quote.quotedAt)
            try purchase.insert(db)
            guard let purchaseID = purchase.id else { throw TicketStoreError.damagedRecord("a purchase got no id") }
            var lines: [PurchasedLine] = []
            var tickets: [IssuedTicket] = []
            for (position, line) in quote.lines.enumerated() {
                let stored = PurchaseLineRow(
                    purchaseId: purchaseID, position: position, productCode: line.product.code, productName: line.product.name,
                    quantity: line.quantity, unitPrice: line.unitPrice.plainText, lineTotal: line.lineTotal.plainText)
                try stored.insert(db)
                lines.append(try stored.line())
                for _ in 0..<line.ticketCount {
                    var row = IssuedRow(
                        id: nil, purchaseId: purchaseID, owner: owner, operatorCode: quote.operator.code,
                        productCode: line.product.code, productName: line.product.name,
                        validityMinutes: line.product.validityMinutes, created: quote.quotedAt)
                    if let validity = line.validity { try sign(&row, validity: validity, db) }
                    try row.insert(db)
                    tickets.append(row.ticket(at: instant))
                }
            }
            return Purchase(
                id: purchaseID, owner: owner, operatorCode: quote.operator.code, operatorName: quote.operator.name,
                service: request.service, lines: lines, total: quote.total, start: request.start, created: quote.quotedAt,
                paymentMessages: quote.paymentMessages, smsUnavailableReason: quote.smsUnavailableReason, tickets: tickets)
        }
    }

    /// Signs an unused ride of `owner`'s, valid from now for the ride's minutes: one ride of
    /// a carnet, used when boarding. Another owner's ticket is an unknown ticket.
    public func activate(ticketID: Int64, owner: String) throws -> IssuedTicket {
        let instant = now()
        return try database.write { db in
            guard var row = try IssuedRow.filter(Column("id") == ticketID && Column("owner") == owner).fetchOne(db) else {
                throw TicketStoreError.unknownTicket(ticketID)
            }
            guard row.serial == nil else { throw TicketStoreError.alreadyActivated(ticketID) }
            guard let minutes = row.validityMinutes else {
                throw TicketStoreError.damagedRecord("ticket #\(ticketID) is unused but has no ride minutes")
            }
            let start = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
            try sign(&row, validity: DateInterval(start: start, duration: TimeInterval(minutes * 60)), db)
            try row.update(db)
            return row.ticket(at: instant)
        }
    }

    /// The owner's tickets, newest first.
    public func tickets(owner: String) throws -> [IssuedTicket] {
        let instant = now()
        return try database.read { db in
            try IssuedRow.filter(Column("owner") == owner).order(Column("id").desc).fetchAll(db).map { $0.ticket(at: instant) }
        }
    }

    /// One of the owner's tickets; nil when there is none with this id, or it is another's.
    public func ticket(id: Int64, owner: String) throws -> IssuedTicket? {
        let instant = now()
        return try database.read { db in
            try IssuedRow.filter(Column("id") == id && Column("owner") == owner).fetchOne(db)?.ticket(at: instant)
        }
    }

    /// The owner's purchases with their lines and tickets, newest first.
    public func purchases(owner: String) throws -> [Purchase] {
        let instant = now()
        return try database.read { db in
            try PurchaseRow.filter(Column("owner") == owner).order(Column("id").desc).fetchAll(db).map { row in
                guard let id = row.id, let service = TicketService(rawValue: row.service), let total = Money(row.total) else {
                    throw TicketStoreError.damagedRecord("purchase #\(row.id ?? 0)")
                }
                let lines = try PurchaseLineRow.filter(Column("purchaseId") == id).order(Column("position")).fetchAll(db).map { try $0.line() }
                let tickets = try IssuedRow.filter(Column("purchaseId") == id).order(Column("id")).fetchAll(db).map { $0.ticket(at: instant) }
                return Purchase(
                    id: id, owner: row.owner, operatorCode: row.operatorCode, operatorName: row.operatorName, service: service,
                    lines: lines, total: total, start: row.start, created: row.created, paymentMessages: row.paymentMessages,
                    smsUnavailableReason: row.smsUnavailableReason, tickets: tickets)
            }
        }
    }

    /// Issues one ticket for the CLI's `tickets issue`, recorded as a purchase by "cli": a pass
    /// from `start` (default today), or a single ride valid from now. A carnet is refused
    /// (`PurchaseError.productNotForService`): its rides are activated one by one.
    public func issueDirect(operatorCode: String, productCode: String, start: Date?) throws -> IssuedTicket {
        let catalogue = try catalogue()
        guard let product = catalogue.product(code: productCode) else {
            throw PurchaseError.unknownProduct(line: 1, productCode: productCode)
        }
        let request = PurchaseRequest(
            operatorCode: operatorCode, service: product.period == nil ? .single : .subscription,
            lines: [PurchaseLine(productCode: productCode, quantity: 1)], start: start)
        guard let ticket = try purchase(request, owner: "cli").tickets.first else {
            throw TicketStoreError.damagedRecord("a purchase issued no ticket")
        }
        return ticket
    }

    /// Gives the row a fresh serial, its validity and the signed payload.
    private func sign(_ row: inout IssuedRow, validity: DateInterval, _ db: Database) throws {
        let serial = try Self.unusedSerial(db)
        let ticket = Ticket(operatorCode: row.operatorCode, productCode: row.productCode, validity: validity, serial: serial)
        row.payload = try TicketPayload.issue(ticket, signingKey: signingKey())
        row.serial = Int64(bitPattern: serial)
        row.validFrom = validity.start
        row.validUntil = validity.end
    }

    /// A random serial not yet in the table: random so that serials reveal nothing about sales
    /// volume and cannot be guessed from a neighbour's ticket.
    private static func unusedSerial(_ db: Database) throws -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        while true {
            let serial = UInt64.random(in: .min ... .max, using: &generator)
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ticket_issued WHERE serial = ?", arguments: [Int64(bitPattern: serial)]) == 0 {
                return serial
            }
        }
    }
}
