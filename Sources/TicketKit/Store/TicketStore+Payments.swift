import Amounts
import Crypto
import Foundation
import GRDB

/// Paying for a purchase (issue 24): nothing of it is valid before. A Bottega-run operator's
/// purchase is paid by its back office or its signed confirmation, and only then signed; an SMS
/// operator's ticket is its pasted reply; a cancelled purchase never becomes valid.
extension TicketStore {
    /// The secret a Bottega-run operator signs its payment confirmations with (HMAC-SHA256),
    /// derived from the key file: the database never holds it.
    public func paymentSecret(operatorCode: String) -> SymmetricKey {
        keys.key("ticket-payments:\(operatorCode)")
    }

    /// The back office marks a Bottega-run purchase paid: passes are signed for their period,
    /// with their holder; rides, singles as well as a carnet's (issue 39), wait unused until the
    /// rider validates them on boarding (``activate(ticketID:owner:)``), valid from then.
    @discardableResult
    public func markPaid(purchaseID: Int64, reference: String) throws -> Purchase {
        let instant = now()
        return try database.write { db in
            guard let row = try PurchaseRow.fetchOne(db, key: purchaseID) else { throw PaymentError.unknownPurchase(purchaseID) }
            try pay(row, reference: reference, at: instant, db)
            return try Self.purchase(try PurchaseRow.fetchOne(db, key: purchaseID) ?? row, at: instant, db)
        }
    }

    /// A signed confirmation from the operator's payment system: the operator's signature, a
    /// signing time within ``PaymentConfirmation/window``, a confirmation not seen before and the
    /// purchase's total, then the purchase is paid as ``markPaid(purchaseID:reference:)`` pays it.
    @discardableResult
    public func confirmPayment(_ confirmation: PaymentConfirmation) throws -> Purchase {
        let instant = now()
        return try database.write { db in
            guard let row = try PurchaseRow.fetchOne(db, key: confirmation.purchase) else { throw PaymentError.unknownPurchase(confirmation.purchase) }
            guard confirmation.isSigned(with: paymentSecret(operatorCode: row.operatorCode)) else { throw PaymentError.badSignature }
            guard abs(Double(confirmation.timestamp) - instant.timeIntervalSince1970) <= PaymentConfirmation.window else {
                throw PaymentError.staleTimestamp(confirmation.timestamp)
            }
            let seen = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM ticket_payment_confirmation WHERE purchaseId = ? AND timestamp = ?",
                arguments: [confirmation.purchase, confirmation.timestamp]) ?? 0
            guard seen == 0 else { throw PaymentError.replayed(purchase: confirmation.purchase) }
            guard Money(confirmation.amount) == Money(row.total) else { throw PaymentError.amountMismatch(expected: row.total, given: confirmation.amount) }
            try db.execute(
                sql: "INSERT INTO ticket_payment_confirmation (purchaseId, timestamp, reference, receivedAt) VALUES (?, ?, ?, ?)",
                arguments: [confirmation.purchase, confirmation.timestamp, confirmation.reference, instant])
            try pay(row, reference: confirmation.reference, at: instant, db)
            return try Self.purchase(try PurchaseRow.fetchOne(db, key: confirmation.purchase) ?? row, at: instant, db)
        }
    }

    /// Cancels a purchase that is still awaiting payment, nothing of it sent: the rider's own
    /// (`owner`), or any (the back office, `owner` nil). Another owner's is unknown.
    @discardableResult
    public func cancel(purchaseID: Int64, owner: String?) throws -> Purchase {
        let instant = now()
        return try database.write { db in
            guard var row = try PurchaseRow.fetchOne(db, key: purchaseID), owner == nil || row.owner == owner else {
                throw PaymentError.unknownPurchase(purchaseID)
            }
            switch row.purchaseState {
            case .cancelled: throw PaymentError.cancelled(purchaseID)
            case .paid: throw PaymentError.alreadyPaid(purchaseID)
            case .operatorReply: throw PaymentError.replyRecorded(purchaseID)
            case .awaitingPayment: break
            }
            let sent = try IssuedRow.filter(Column("purchaseId") == purchaseID && (Column("smsSentAt") != nil || Column("replySMS") != nil)).fetchCount(db)
            guard sent == 0 else { throw PaymentError.smsSent(purchaseID) }
            row.state = PurchaseState.cancelled.rawValue
            row.cancelledAt = instant
            try row.update(db)
            return try Self.purchase(row, at: instant, db)
        }
    }

    /// The operator's reply SMS to an SMS ticket, pasted by the rider: it is the operator's
    /// ticket, kept as it came, which Bottega cannot verify. It must carry the ticket code the
    /// operator's replies carry (``TransportOperator/replyCodeLabel``). Its validity is what the
    /// text states, but never beyond the product's own minutes from when the request SMS was
    /// composed (a pass: its period), whatever the text claims. Once every ticket of the purchase
    /// has its reply, the purchase is ``PurchaseState/operatorReply``: never `paid`, a word kept
    /// for the payments Bottega-run operators confirm.
    @discardableResult
    public func recordReply(ticketID: Int64, owner: String, text: String) throws -> IssuedTicket {
        let instant = now()
        let reply = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reply.isEmpty else { throw PaymentError.emptyReply }
        return try database.write { db in
            guard var row = try IssuedRow.filter(Column("id") == ticketID && Column("owner") == owner).fetchOne(db),
                  var purchase = try PurchaseRow.fetchOne(db, key: row.purchaseId) else {
                throw TicketStoreError.unknownTicket(ticketID)
            }
            guard purchase.route == .operatorSMS, row.sms != nil else { throw PaymentError.noReplyExpected(ticket: ticketID) }
            if purchase.purchaseState == .cancelled { throw PaymentError.cancelled(row.purchaseId) }
            let transportOperator = try Self.loadCatalogue(db).operator(code: row.operatorCode)
            let zone = transportOperator?.zone ?? TimeZone(identifier: "Europe/Rome") ?? .gmt
            // A single's or a pass's request SMS was composed with the purchase; a ride's, on boarding.
            let sent = row.smsSentAt ?? row.created
            let parsed = OperatorReply(text: reply, sent: sent, zone: zone, codeLabel: transportOperator?.replyCodeLabel)
            guard parsed.code != nil else {
                throw PaymentError.replyWithoutCode(expected: OperatorReply.expectedCode(label: transportOperator?.replyCodeLabel))
            }
            row.replySMS = parsed.text
            row.replyCode = parsed.code
            row.smsSentAt = sent
            if row.validFrom == nil { row.validFrom = sent }
            let from = row.validFrom ?? sent
            // The product's bound: a pass keeps its period, a ride its minutes from the request.
            let bound = row.validUntil ?? row.validityMinutes.map { from.addingTimeInterval(TimeInterval($0 * 60)) }
            if let stated = parsed.validUntil, stated > from {
                row.validUntil = bound.map { min($0, stated) } ?? stated
            } else {
                row.validUntil = bound
            }
            try row.update(db)
            let waiting = try IssuedRow.filter(Column("purchaseId") == row.purchaseId && Column("replySMS") == nil).fetchCount(db)
            if waiting == 0, purchase.purchaseState == .awaitingPayment {
                purchase.state = PurchaseState.operatorReply.rawValue
                try purchase.update(db)
            }
            return row.ticket(at: instant, purchase: purchase)
        }
    }

    /// Purchases of Bottega-run operators awaiting payment, oldest first: the back office's list.
    public func purchasesAwaitingPayment() throws -> [Purchase] {
        let instant = now()
        return try database.read { db in
            try PurchaseRow.filter(Column("state") == PurchaseState.awaitingPayment.rawValue && Column("paymentRoute") == PaymentRoute.bottega.rawValue)
                .order(Column("id")).fetchAll(db).map { try Self.purchase($0, at: instant, db) }
        }
    }

    /// An inspector's check by this server: the signature and validity, then the purchase must
    /// be paid (``TicketRejection/notPaid``). A payload signed by this key but unknown here (a
    /// restored backup) is judged on its signature alone.
    public func verifyIssued(_ payload: String, at instant: Date, operator operatorCode: String? = nil) throws(TicketRejection) -> Ticket {
        let ticket = try verify(payload, at: instant, operator: operatorCode)
        let state = try? database.read { db in
            try String.fetchOne(db, sql: """
                SELECT p.state FROM ticket_issued i JOIN ticket_purchase p ON p.id = i.purchaseId WHERE i.serial = ?
                """, arguments: [Int64(bitPattern: ticket.serial)])
        }
        if let state, state != PurchaseState.paid.rawValue { throw .notPaid }
        return ticket
    }

    private func pay(_ purchase: PurchaseRow, reference: String, at instant: Date, _ db: Database) throws {
        guard let id = purchase.id else { return }
        switch purchase.purchaseState {
        case .cancelled: throw PaymentError.cancelled(id)
        case .paid: throw PaymentError.alreadyPaid(id)
        case .operatorReply: throw PaymentError.notBottegaRun(operatorCode: purchase.operatorCode)
        case .awaitingPayment: break
        }
        guard purchase.route == .bottega else { throw PaymentError.notBottegaRun(operatorCode: purchase.operatorCode) }
        let holder = purchase.holder.map { (name: $0, card: purchase.cardNumber) }
        for var row in try IssuedRow.filter(Column("purchaseId") == id).order(Column("id")).fetchAll(db) {
            guard let from = row.validFrom, let until = row.validUntil else { continue }
            try sign(&row, validity: DateInterval(start: from, end: until), holder: holder, db)
            try row.update(db)
        }
        var paid = purchase
        paid.state = PurchaseState.paid.rawValue
        paid.paidAt = instant
        paid.paymentReference = reference
        try paid.update(db)
    }
}
