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

    /// Records the purchase, awaiting payment, with its tickets unsigned: for a pass one ticket
    /// (its period fixed now), for each ride (a carnet's rides counted one by one) one ticket.
    /// Nothing of it is valid until it is paid (``markPaid(purchaseID:reference:)``,
    /// ``confirmPayment(_:)``, or, for an SMS operator, the pasted replies). An operator that sells
    /// no tickets by SMS is refused (``PaymentError/soldElsewhere(operatorName:website:)``).
    /// Throws `PurchaseError` as `TicketCatalogue.quote` does.
    public func purchase(_ request: PurchaseRequest, owner: String) throws -> Purchase {
        try purchase(request, owner: owner, issuedAtTheDesk: false)
    }

    /// `issuedAtTheDesk`: the operator itself sells it (`bottega tickets issue`), so Bottega signs
    /// it whatever the operator's usual route.
    func purchase(_ request: PurchaseRequest, owner: String, issuedAtTheDesk: Bool) throws -> Purchase {
        guard !CatalogueRules.isBlank(owner) else { throw TicketStoreError.emptyOwner }
        let (holder, card) = try Self.holderAndCard(of: request)
        let instant = now()
        let purchaseID = try database.write { db -> Int64 in
            let quote = try Self.loadCatalogue(db).quote(request, at: instant)
            let route = issuedAtTheDesk ? .bottega : quote.operator.paymentRoute
            if route == .elsewhere { throw PaymentError.soldElsewhere(operatorName: quote.operator.name, website: quote.operator.website) }
            // Before anything is recorded: a product whose reply could never come is not sold here.
            if route == .operatorSMS, let line = quote.lines.first(where: { quote.operator.paymentRoute(for: $0.product) == .elsewhere }) {
                throw PaymentError.productSoldElsewhere(productName: line.product.name, operatorName: quote.operator.name, website: quote.operator.website)
            }
            var purchase = PurchaseRow(
                id: nil, owner: owner, operatorCode: quote.operator.code, operatorName: quote.operator.name,
                service: request.service.rawValue, total: quote.total.plainText, start: request.start,
                paymentMessages: quote.paymentMessages, smsUnavailableReason: quote.smsUnavailableReason, created: quote.quotedAt,
                state: PurchaseState.awaitingPayment.rawValue, paymentRoute: route.rawValue, holder: holder, cardNumber: card)
            try purchase.insert(db)
            guard let purchaseID = purchase.id else { throw TicketStoreError.damagedRecord("a purchase got no id") }
            var messages = quote.paymentMessages[...]
            for (position, line) in quote.lines.enumerated() {
                try PurchaseLineRow(
                    purchaseId: purchaseID, position: position, productCode: line.product.code, productName: line.product.name,
                    quantity: line.quantity, unitPrice: line.unitPrice.plainText, lineTotal: line.lineTotal.plainText
                ).insert(db)
                for _ in 0..<line.ticketCount {
                    var row = IssuedRow(
                        id: nil, purchaseId: purchaseID, owner: owner, operatorCode: quote.operator.code,
                        productCode: line.product.code, productName: line.product.name,
                        validityMinutes: line.product.validityMinutes, created: quote.quotedAt)
                    // A pass's period is fixed when it is bought; a single ride's starts when it is paid.
                    if line.product.period != nil, let validity = line.validity { (row.validFrom, row.validUntil) = (validity.start, validity.end) }
                    // One SMS buys one ticket: a pass gets its request now; a ride, single or of
                    // "multiple", when it is validated on boarding, and its time runs from then.
                    if route == .operatorSMS, request.service == .subscription, let message = messages.first(where: { $0.productCode == line.product.code }) {
                        row.sms = message
                        if let index = messages.firstIndex(of: message), message.quantity == 1 { messages.remove(at: index) }
                    }
                    try row.insert(db)
                }
            }
            return purchaseID
        }
        return try purchase(id: purchaseID, owner: owner) ?? { throw TicketStoreError.damagedRecord("purchase #\(purchaseID) vanished") }()
    }

    /// Validates a ride of `owner`'s when boarding, a single's as a carnet's: a Bottega-run ride
    /// is signed, valid from now for its minutes (its purchase must be paid); an SMS operator's ride gets its own request
    /// SMS, to send now, and is valid from now as the operator's reply will state. Another
    /// owner's ticket is an unknown ticket.
    public func activate(ticketID: Int64, owner: String) throws -> IssuedTicket {
        let instant = now()
        return try database.write { db in
            guard var row = try IssuedRow.filter(Column("id") == ticketID && Column("owner") == owner).fetchOne(db),
                  let purchase = try PurchaseRow.fetchOne(db, key: row.purchaseId) else {
                throw TicketStoreError.unknownTicket(ticketID)
            }
            guard row.serial == nil, row.smsSentAt == nil, row.sms == nil || purchase.route != .operatorSMS else {
                throw TicketStoreError.alreadyActivated(ticketID)
            }
            guard let minutes = row.validityMinutes else {
                throw TicketStoreError.damagedRecord("ticket #\(ticketID) is unused but has no ride minutes")
            }
            if purchase.purchaseState == .cancelled { throw PaymentError.cancelled(row.purchaseId) }
            let start = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
            let validity = DateInterval(start: start, duration: TimeInterval(minutes * 60))
            switch purchase.route {
            case .operatorSMS:
                // A ride recorded before products without a keyword were refused has no SMS to send.
                guard let request = purchase.paymentMessages.first(where: { $0.productCode == row.productCode }) else {
                    throw PaymentError.productSoldElsewhere(productName: row.productName, operatorName: purchase.operatorName, website: nil)
                }
                row.sms = PaymentSMS(recipient: request.recipient, body: request.body, productCode: request.productCode, quantity: 1)
                row.smsSentAt = start
                (row.validFrom, row.validUntil) = (validity.start, validity.end)
            case .bottega, .elsewhere:
                guard purchase.purchaseState == .paid else { throw TicketStoreError.notPaid(row.purchaseId) }
                try sign(&row, validity: validity, holder: nil, db)
            }
            try row.update(db)
            return row.ticket(at: instant, purchase: purchase)
        }
    }

    /// Gives `from`'s purchases and tickets to `to` (what a rider bought on this phone before
    /// logging in becomes the profile's); returns how many purchases moved.
    @discardableResult
    public func transferPurchases(from: String, to: String) throws -> Int {
        guard from != to, !CatalogueRules.isBlank(to) else { return 0 }
        return try database.write { db in
            try db.execute(sql: "UPDATE ticket_issued SET owner = ? WHERE owner = ?", arguments: [to, from])
            try db.execute(sql: "UPDATE ticket_purchase SET owner = ? WHERE owner = ?", arguments: [to, from])
            return db.changesCount
        }
    }

    /// The owner's tickets, newest first.
    public func tickets(owner: String) throws -> [IssuedTicket] {
        let instant = now()
        return try database.read { db in
            let rows = try IssuedRow.filter(Column("owner") == owner).order(Column("id").desc).fetchAll(db)
            let purchases = try Self.purchaseRows(Set(rows.map(\.purchaseId)), db)
            return rows.compactMap { row in purchases[row.purchaseId].map { row.ticket(at: instant, purchase: $0) } }
        }
    }

    /// One of the owner's tickets; nil when there is none with this id, or it is another's.
    public func ticket(id: Int64, owner: String) throws -> IssuedTicket? {
        let instant = now()
        return try database.read { db in
            guard let row = try IssuedRow.filter(Column("id") == id && Column("owner") == owner).fetchOne(db),
                  let purchase = try PurchaseRow.fetchOne(db, key: row.purchaseId) else { return nil }
            return row.ticket(at: instant, purchase: purchase)
        }
    }

    /// The owner's purchases with their lines and tickets, newest first.
    public func purchases(owner: String) throws -> [Purchase] {
        let instant = now()
        return try database.read { db in
            try PurchaseRow.filter(Column("owner") == owner).order(Column("id").desc).fetchAll(db).map { try Self.purchase($0, at: instant, db) }
        }
    }

    /// One of the owner's purchases; nil when there is none with this id, or it is another's.
    public func purchase(id: Int64, owner: String) throws -> Purchase? {
        let instant = now()
        return try database.read { db in
            try PurchaseRow.filter(Column("id") == id && Column("owner") == owner).fetchOne(db).map { try Self.purchase($0, at: instant, db) }
        }
    }

    static func purchase(_ row: PurchaseRow, at instant: Date, _ db: Database) throws -> Purchase {
        guard let id = row.id, let service = TicketService(rawValue: row.service), let total = Money(row.total) else {
            throw TicketStoreError.damagedRecord("purchase #\(row.id ?? 0)")
        }
        let lines = try PurchaseLineRow.filter(Column("purchaseId") == id).order(Column("position")).fetchAll(db).map { try $0.line() }
        let tickets = try IssuedRow.filter(Column("purchaseId") == id).order(Column("id")).fetchAll(db).map { $0.ticket(at: instant, purchase: row) }
        return Purchase(
            id: id, owner: row.owner, operatorCode: row.operatorCode, operatorName: row.operatorName, service: service,
            lines: lines, total: total, start: row.start, created: row.created, paymentMessages: row.paymentMessages,
            smsUnavailableReason: row.smsUnavailableReason, tickets: tickets, state: row.purchaseState, paymentRoute: row.route,
            paidAt: row.paidAt, paymentReference: row.paymentReference, holder: row.holder, cardNumber: row.cardNumber)
    }

    static func purchaseRows(_ ids: Set<Int64>, _ db: Database) throws -> [Int64: PurchaseRow] {
        Dictionary(uniqueKeysWithValues: try PurchaseRow.fetchAll(db, keys: Array(ids)).compactMap { row in row.id.map { ($0, row) } })
    }

    /// The request's holder and card number, checked: required and bounded for a pass, none for rides.
    static func holderAndCard(of request: PurchaseRequest) throws(PurchaseError) -> (String?, String?) {
        guard request.service == .subscription else { return (nil, nil) }
        let holder = (request.holder ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !holder.isEmpty else { throw .holderRequired }
        guard holder.utf8.count <= TicketPayload.maximumHolderLength else { throw .holderTooLong(maximum: TicketPayload.maximumHolderLength) }
        // Controls (Cc), formats (Cf: the bidirectional overrides, zero-width joiners) and
        // unassigned or private code points have no place in a name printed on a ticket.
        for (position, scalar) in holder.unicodeScalars.enumerated() {
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator:
                throw .holderInvisibleCharacter(position: position + 1, codePoint: String(format: "U+%04X", scalar.value))
            default: continue
            }
        }
        let card = (request.cardNumber ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard card.count <= TicketPayload.maximumCardLength,
              card.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "-") }) else { throw .badCardNumber(card) }
        return (holder, card.isEmpty ? nil : card)
    }

    /// Issues one ticket for the CLI's `tickets issue`, recorded as a purchase by "cli" and paid
    /// at once (the operator issuing it at its own desk): a pass from `start` (default today), or
    /// a single ride validated at the desk, valid from now. A carnet is refused (`PurchaseError.productNotForService`):
    /// its rides are activated one by one.
    public func issueDirect(operatorCode: String, productCode: String, start: Date?, holder: String? = nil, cardNumber: String? = nil) throws -> IssuedTicket {
        let catalogue = try catalogue()
        guard let product = catalogue.product(code: productCode) else {
            throw PurchaseError.unknownProduct(line: 1, productCode: productCode)
        }
        let request = PurchaseRequest(
            operatorCode: operatorCode, service: product.period == nil ? .single : .subscription,
            lines: [PurchaseLine(productCode: productCode, quantity: 1)], start: start, holder: holder, cardNumber: cardNumber)
        let bought = try purchase(request, owner: "cli", issuedAtTheDesk: true)
        guard let ticket = try markPaid(purchaseID: bought.id, reference: "issued at the desk (bottega tickets issue)").tickets.first else {
            throw TicketStoreError.damagedRecord("a purchase issued no ticket")
        }
        return ticket.state == .unused ? try activate(ticketID: ticket.id, owner: ticket.owner) : ticket
    }

    /// Issues `quantity` rides of a ride product for the CLI's `tickets issue --quantity`, paid at
    /// the desk and unused: each is signed when activated (`activate(ticketID:owner: "cli")`).
    public func issueRides(operatorCode: String, productCode: String, quantity: Int) throws -> [IssuedTicket] {
        let request = PurchaseRequest(
            operatorCode: operatorCode, service: .multiple, lines: [PurchaseLine(productCode: productCode, quantity: quantity)])
        let bought = try purchase(request, owner: "cli", issuedAtTheDesk: true)
        return try markPaid(purchaseID: bought.id, reference: "issued at the desk (bottega tickets issue)").tickets
    }

    /// Gives the row a fresh serial, its validity and the signed payload (a pass's with its holder).
    func sign(_ row: inout IssuedRow, validity: DateInterval, holder: (name: String, card: String?)?, _ db: Database) throws {
        let serial = try Self.unusedSerial(db)
        let (keyID, signingKey) = try signingKey(operatorCode: row.operatorCode)
        let ticket = Ticket(
            operatorCode: row.operatorCode, productCode: row.productCode, validity: validity, serial: serial, holder: holder?.name,
            cardNumber: holder?.card, keyID: keyID)
        row.payload = try TicketPayload.issue(ticket, signingKey: signingKey)
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
