import Amounts
import Credentials
import Crypto
import Foundation
import GRDB
import Testing
import TicketKit

/// Issue 24: pressing "Buy" signed the tickets at once, paid or not. A purchase now moves from
/// awaiting payment to paid (or cancelled), and only a paid one has valid tickets; each route of
/// payment (Bottega-run, the operator's reply SMS, elsewhere) works as it does in Italy.
@Suite struct TicketPaymentTests {
    /// Thursday 14 March 2024, 15:30 in Padova.
    let clock = TestClock(Rome.day(2024, 3, 14, hour: 15, minute: 30))
    let store: TicketStore

    /// A real operator paid by SMS (its reply is the ticket), and one that sells only at its offices.
    static let smsOperator = TransportOperator(
        code: "ATAF-FI", name: "ATAF Firenze", provinceCodes: ["PD"], services: [.single, .multiple, .subscription],
        smsNumber: "4880105", messageTemplate: "{keyword}", isSample: false, source: "NOTES.md §2")
    /// ATM Milano's replies carry a PNR code (NOTES.md §2).
    static let pnrOperator = TransportOperator(
        code: "ATM-MI", name: "ATM Milano", provinceCodes: ["PD"], services: [.single], smsNumber: "48444", messageTemplate: "{keyword}",
        isSample: false, source: "NOTES.md §2", replyCodeLabel: "PNR")
    static let pnrRide = TicketProduct(
        code: "ATM-MI-ORD90", operatorCode: "ATM-MI", name: "Urban ticket (90 min)", kind: .ride(validityMinutes: 90),
        price: Money("2.20")!, smsKeyword: "ATM", isSample: false, source: "test")
    static let officeOperator = TransportOperator(
        code: "AMT-GE", name: "AMT Genova", provinceCodes: ["PD"], services: [.single], smsNumber: nil, messageTemplate: "{keyword}",
        website: "https://www.amt.genova.it", isSample: false, source: "test")
    static let smsRide = TicketProduct(
        code: "ATAF-FI-90", operatorCode: "ATAF-FI", name: "Biglietto 90", kind: .ride(validityMinutes: 90),
        price: Money("1.70")!, smsKeyword: "ATAF", isSample: false, source: "test")
    static let smsMonth = TicketProduct(
        code: "ATAF-FI-MONTH", operatorCode: "ATAF-FI", name: "Mensile", kind: .subscription(type: "Urbano", period: .month),
        price: Money("35.00")!, smsKeyword: "ATAFM", isSample: false, source: "test")
    static let officeRide = TicketProduct(
        code: "AMT-GE-110", operatorCode: "AMT-GE", name: "Bus 110", kind: .ride(validityMinutes: 110),
        price: Money("2.00")!, smsKeyword: "", isSample: false, source: "test")

    init() throws {
        store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral(), now: clock.reading)
        try store.save(TestCatalogue.padova)
        try store.save(TestCatalogue.venezia)
        let operators = [TestCatalogue.bus, TestCatalogue.boat, Self.smsOperator, Self.officeOperator, Self.pnrOperator]
        for op in operators {
            var empty = op
            empty.services = []
            try store.save(empty)
        }
        for product in TestCatalogue.catalogue.products + [Self.smsRide, Self.smsMonth, Self.officeRide, Self.pnrRide] { try store.save(product) }
        for op in operators { try store.save(op) }
    }

    func buy(_ service: TicketService, _ product: String, _ quantity: Int = 1, operator code: String = "BUS-PD", owner: String = "anna",
             holder: String? = nil, card: String? = nil) throws -> Purchase {
        try store.purchase(PurchaseRequest(
            operatorCode: code, service: service, lines: [PurchaseLine(productCode: product, quantity: quantity)], holder: holder, cardNumber: card),
            owner: owner)
    }

    func confirmation(_ purchase: Purchase, amount: String? = nil, at time: Date? = nil, secret: SymmetricKey? = nil) -> PaymentConfirmation {
        PaymentConfirmation.signed(
            purchase: purchase.id, amount: amount ?? purchase.total.plainText, timestamp: Int64((time ?? clock.now).timeIntervalSince1970),
            reference: "PAY-\(purchase.id)", secret: secret ?? store.paymentSecret(operatorCode: purchase.operatorCode))
    }

    // MARK: Bottega-run operators

    @Test func theOperatorsSignedConfirmationPaysAndSignsTheTickets() throws {
        let bought = try buy(.single, "BUS-PD-90", 2)
        #expect(bought.state == .awaitingPayment && bought.paymentRoute == .bottega)
        clock.advance(by: 30)
        let paid = try store.confirmPayment(confirmation(bought))
        #expect(paid.state == .paid && paid.paymentReference == "PAY-\(bought.id)")
        for ticket in paid.tickets {
            #expect(ticket.state == .unused && ticket.payload == nil, "a paid ride waits for its validation on boarding")
            let validated = try store.activate(ticketID: ticket.id, owner: "anna")
            let payload = try #require(validated.payload)
            #expect(try store.verifyIssued(payload, at: clock.now).validity.start == clock.now)
        }
    }

    @Test func aConfirmationIsRefusedWhenForgedReplayedStaleWrongOrForAnUnknownPurchase() throws {
        let bought = try buy(.single, "BUS-PD-90")
        #expect(throws: PaymentError.badSignature) {
            try store.confirmPayment(confirmation(bought, secret: SymmetricKey(size: .bits256)))
        }
        #expect(throws: PaymentError.badSignature) {
            try store.confirmPayment(confirmation(bought, secret: store.paymentSecret(operatorCode: "BOAT-VE")))
        }
        var altered = confirmation(bought)
        altered.amount = "0.01"
        #expect(throws: PaymentError.badSignature) { try store.confirmPayment(altered) }
        #expect(throws: PaymentError.amountMismatch(expected: "1.70", given: "0.01")) { try store.confirmPayment(confirmation(bought, amount: "0.01")) }
        #expect(throws: PaymentError.staleTimestamp(Int64(clock.now.timeIntervalSince1970) - 301)) {
            try store.confirmPayment(confirmation(bought, at: clock.now.addingTimeInterval(-301)))
        }
        #expect(throws: PaymentError.unknownPurchase(9_999)) {
            try store.confirmPayment(PaymentConfirmation.signed(
                purchase: 9_999, amount: "1.70", timestamp: Int64(clock.now.timeIntervalSince1970), reference: "x",
                secret: store.paymentSecret(operatorCode: "BUS-PD")))
        }
        #expect(try store.purchases(owner: "anna").first?.state == .awaitingPayment, "nothing refused paid it")
        let good = confirmation(bought)
        try store.confirmPayment(good)
        #expect(throws: PaymentError.replayed(purchase: bought.id)) { try store.confirmPayment(good) }
        clock.advance(by: 1)
        #expect(throws: PaymentError.alreadyPaid(bought.id)) { try store.confirmPayment(confirmation(bought)) }
    }

    @Test func anUnpaidOrCancelledPurchaseNeverVerifies() throws {
        let bought = try buy(.single, "BUS-PD-90")
        let paid = try store.markPaid(purchaseID: bought.id, reference: "back office")
        let ride = try #require(paid.tickets.first)
        let payload = try #require(try store.activate(ticketID: ride.id, owner: "anna").payload)
        #expect(try store.verifyIssued(payload, at: clock.now).productCode == "BUS-PD-90")
        // There should never be a signed ticket of an unpaid purchase; if there were, it is refused.
        try store.database.write { db in try db.execute(sql: "UPDATE ticket_purchase SET state = 'awaitingPayment' WHERE id = ?", arguments: [bought.id]) }
        #expect(throws: TicketRejection.notPaid) { try store.verifyIssued(payload, at: clock.now) }
        #expect(try store.tickets(owner: "anna").allSatisfy { $0.payload == nil && $0.state == .awaitingPayment })

        let other = try buy(.single, "BUS-PD-90")
        let cancelled = try store.cancel(purchaseID: other.id, owner: "anna")
        #expect(cancelled.state == .cancelled && cancelled.tickets.allSatisfy { $0.state == .cancelled })
        #expect(throws: PaymentError.cancelled(other.id)) { try store.markPaid(purchaseID: other.id, reference: "back office") }
        #expect(throws: PaymentError.cancelled(other.id)) { try store.confirmPayment(confirmation(other)) }
        #expect(throws: PaymentError.unknownPurchase(other.id)) { try store.cancel(purchaseID: other.id, owner: "bruno") }
    }

    @Test func aPassNamesItsHolderAndCardOnTheSignedTicket() throws {
        #expect(throws: PurchaseError.holderRequired) { try buy(.subscription, "BUS-PD-MONTH", holder: "  ") }
        #expect(throws: PurchaseError.badCardNumber("12<script>")) { try buy(.subscription, "BUS-PD-MONTH", holder: "Anna", card: "12<script>") }
        // Issue 39: a NUL or a right-to-left override hid or reordered the name an inspector reads.
        #expect(throws: PurchaseError.holderInvisibleCharacter(position: 5, codePoint: "U+0000")) {
            try buy(.subscription, "BUS-PD-MONTH", holder: "Anna\u{0}Rossi")
        }
        #expect(throws: PurchaseError.holderInvisibleCharacter(position: 6, codePoint: "U+202E")) {
            try buy(.subscription, "BUS-PD-MONTH", holder: "Anna \u{202E}issoR")
        }
        #expect(try store.purchases(owner: "anna").isEmpty, "nothing recorded for a refused holder")
        let bought = try buy(.subscription, "BUS-PD-MONTH", holder: "Anna Rossi", card: "PD-0042")
        let pass = try #require(try store.markPaid(purchaseID: bought.id, reference: "back office").tickets.first)
        let ticket = try store.verifyIssued(#require(pass.payload), at: clock.now)
        #expect(ticket.holder == "Anna Rossi" && ticket.cardNumber == "PD-0042")
        let report = TicketVerificationReport(.success(ticket))
        #expect(report.holder == "Anna Rossi" && report.cardNumber == "PD-0042")
        #expect(pass.holder == "Anna Rossi")
    }

    // MARK: Operators paid by SMS

    @Test func anSMSOperatorsReplyIsTheOperatorsTicketAndNeverPaysThePurchase() throws {
        let bought = try buy(.single, "ATAF-FI-90", operator: "ATAF-FI")
        #expect(bought.paymentRoute == .operatorSMS && bought.state == .awaitingPayment)
        #expect(bought.tickets.first?.state == .unused && bought.tickets.first?.sms == nil, "its SMS is composed on boarding")
        let ticket = try store.activate(ticketID: try #require(bought.tickets.first).id, owner: "anna")
        #expect(ticket.sms?.recipient == "4880105" && ticket.sms?.body == "ATAF" && ticket.state == .awaitingReply)
        #expect(throws: PaymentError.notBottegaRun(operatorCode: "ATAF-FI")) { try store.markPaid(purchaseID: bought.id, reference: "x") }
        #expect(throws: PaymentError.emptyReply) { try store.recordReply(ticketID: ticket.id, owner: "anna", text: "  ") }
        #expect(throws: TicketStoreError.unknownTicket(ticket.id)) { try store.recordReply(ticketID: ticket.id, owner: "bruno", text: "x") }
        let reply = "ATAF: biglietto n. AB12CD34 emesso il 14/03/2024 alle 15:31, valido fino alle 17:01. Conservare l'SMS."
        let answered = try store.recordReply(ticketID: ticket.id, owner: "anna", text: reply)
        #expect(answered.replySMS == reply && answered.replyCode == "AB12CD34")
        // The reply claims 17:01; the request was composed at 15:30 and the product lasts 90 minutes.
        #expect(answered.validUntil == Rome.day(2024, 3, 14, hour: 17, minute: 0))
        #expect(answered.state == .active && answered.payload == nil, "no QR of Bottega's own")
        let purchase = try #require(try store.purchases(owner: "anna").first)
        #expect(purchase.state == .operatorReply && purchase.paidAt == nil, "only a Bottega-run operator's confirmation is a payment")
        #expect(throws: PaymentError.replyRecorded(bought.id)) { try store.cancel(purchaseID: bought.id, owner: "anna") }
    }

    /// Issue 39: pasting any text made the purchase paid, and a claimed end of validity was believed.
    @Test func aPastedTextNeverPaysNorOutlivesItsProduct() throws {
        let bought = try buy(.single, "ATM-MI-ORD90", operator: "ATM-MI")
        let ticket = try store.activate(ticketID: try #require(bought.tickets.first).id, owner: "anna")
        #expect(throws: PaymentError.replyWithoutCode(expected: OperatorReply.expectedCode(label: "PNR"))) {
            try store.recordReply(ticketID: ticket.id, owner: "anna", text: "ciao")
        }
        // ATM's replies carry a PNR: a code-like token elsewhere is not the operator's.
        #expect(throws: PaymentError.replyWithoutCode(expected: OperatorReply.expectedCode(label: "PNR"))) {
            try store.recordReply(ticketID: ticket.id, owner: "anna", text: "biglietto n. ABC12345 scade il 14/04/2030 alle 23:59")
        }
        #expect(try store.purchases(owner: "anna").first?.state == .awaitingPayment)
        clock.advance(by: 600)
        let answered = try store.recordReply(ticketID: ticket.id, owner: "anna", text: "ATM PNR: K7Q2ZP scade il 14/04/2030 alle 23:59")
        #expect(answered.replyCode == "K7Q2ZP" && answered.replySMS == "ATM PNR: K7Q2ZP scade il 14/04/2030 alle 23:59")
        #expect(answered.validUntil == Rome.day(2024, 3, 14, hour: 17, minute: 0), "90 minutes from the request composed at 15:30, not 2030")
        #expect(try store.purchases(owner: "anna").first?.state == .operatorReply)
    }

    /// Issue 39: a single bought by SMS had its SMS composed at the purchase, so a ride bought at
    /// 15:30 and boarded at 17:30 was capped at 17:00 whatever the operator's reply said.
    @Test func anSMSSingleBoughtEarlyRunsFromItsBoarding() throws {
        let bought = try buy(.single, "ATM-MI-ORD90", operator: "ATM-MI")
        clock.advance(by: 2 * 3600)
        let boarded = try store.activate(ticketID: try #require(bought.tickets.first).id, owner: "anna")
        #expect(boarded.smsSentAt == Rome.day(2024, 3, 14, hour: 17, minute: 30))
        clock.advance(by: 60)
        let answered = try store.recordReply(ticketID: boarded.id, owner: "anna", text: "ATM PNR: K7Q2ZP valido 90 minuti")
        #expect(answered.state == .active && answered.validUntil == Rome.day(2024, 3, 14, hour: 19, minute: 0))
    }

    @Test func ridesBoughtBySMSAreActivatedOneAtATimeEachWithItsOwnSMS() throws {
        let bought = try buy(.multiple, "ATAF-FI-90", 3, operator: "ATAF-FI")
        #expect(bought.tickets.count == 3 && bought.tickets.allSatisfy { $0.state == .unused && $0.sms == nil })
        clock.advance(by: 3_600)
        let boarding = clock.now
        let first = try store.activate(ticketID: bought.tickets[0].id, owner: "anna")
        #expect(first.state == .awaitingReply && first.sms?.body == "ATAF" && first.sms?.quantity == 1)
        #expect(first.smsSentAt == boarding && first.validFrom == boarding && first.validUntil == boarding.addingTimeInterval(90 * 60))
        #expect(throws: TicketStoreError.alreadyActivated(first.id)) { try store.activate(ticketID: first.id, owner: "anna") }
        #expect(try store.tickets(owner: "anna").filter { $0.state == .unused }.count == 2, "two rides left")
        let ride = try store.recordReply(ticketID: first.id, owner: "anna", text: "Biglietto ATAF cod. 7F3K9Q2P valido 90 minuti")
        #expect(ride.state == .active && ride.replyCode == "7F3K9Q2P" && ride.validUntil == boarding.addingTimeInterval(90 * 60))
        #expect(try store.purchases(owner: "anna").first?.state == .awaitingPayment, "two rides are still to pay, one SMS each")
        // Issue 39: this said "already paid" of a purchase awaiting payment.
        #expect(throws: PaymentError.smsSent(bought.id)) { try store.cancel(purchaseID: bought.id, owner: "anna") }
    }

    @Test func anOperatorWithoutSMSSellsNothingHere() throws {
        #expect(throws: PaymentError.soldElsewhere(operatorName: "AMT Genova", website: "https://www.amt.genova.it")) {
            try buy(.single, "AMT-GE-110", operator: "AMT-GE")
        }
        #expect(try store.purchases(owner: "anna").isEmpty)
    }

    // MARK: The reply SMS

    @Test func theReplysCodeAndEndOfValidityAreReadWhereStated() {
        let sent = Rome.day(2024, 3, 14, hour: 23, minute: 30)
        let zone = TimeZone(identifier: "Europe/Rome")!
        let overnight = OperatorReply(text: "ATM Milano PNR X7Y8Z9W1 valido fino alle 01:00", sent: sent, zone: zone)
        #expect(overnight.code == "X7Y8Z9W1" && overnight.validUntil == Rome.day(2024, 3, 15, hour: 1))
        let dated = OperatorReply(text: "Abbonamento ATAFM codice: M00123456 scade il 14/04/2024 alle 23:59", sent: sent, zone: zone)
        #expect(dated.code == "M00123456" && dated.validUntil == Rome.day(2024, 4, 14, hour: 23, minute: 59))
        let bare = OperatorReply(text: "Grazie! Buon viaggio", sent: sent, zone: zone)
        #expect(bare.code == nil && bare.validUntil == nil && bare.text == "Grazie! Buon viaggio")
    }
}
