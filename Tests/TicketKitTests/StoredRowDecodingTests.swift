import Foundation
import GRDB
import Testing
@testable import TicketKit

/// Issue 44: tickets and purchases are read column by column, for speed. GRDB's own `Decodable`
/// reading of the same rows is the oracle: every stored row, across the states a purchase and its
/// tickets go through (awaiting payment with its SMS, paid and validated, a pass with its holder,
/// cancelled, an SMS operator's ride with the operator's reply, one issued by the CLI).
@Suite struct StoredRowDecodingTests {
    @Test func everyTicketAndPurchaseReadsAsGRDBsDecodableReadsThem() throws {
        let sales = try TicketPaymentTests()
        let store = sales.store
        _ = try sales.buy(.multiple, "BUS-PD-CARNET3", 2)
        let paid = try sales.buy(.single, "BUS-PD-90", 2)
        _ = try store.confirmPayment(sales.confirmation(paid))
        _ = try store.activate(ticketID: try #require(paid.tickets.first).id, owner: "anna")
        _ = try sales.buy(.subscription, "BUS-PD-MONTH", holder: "Anna Bellè", card: "123456")
        let cancelled = try sales.buy(.single, "BUS-PD-90")
        _ = try store.cancel(purchaseID: cancelled.id, owner: "anna")
        let bySMS = try sales.buy(.single, "ATAF-FI-90", operator: "ATAF-FI")
        let composed = try store.activate(ticketID: try #require(bySMS.tickets.first).id, owner: "anna")
        _ = try store.recordReply(ticketID: composed.id, owner: "anna", text: "ATAF: biglietto n. AB12CD34 valido fino alle 17:01.")
        _ = try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil)

        let (issued, purchases) = try store.database.read { db in
            (try Row.fetchAll(db, sql: "SELECT * FROM ticket_issued"), try Row.fetchAll(db, sql: "SELECT * FROM ticket_purchase"))
        }
        #expect(purchases.count == 6)
        #expect(issued.count == 12, "two carnets of three rides, two rides, a pass, a cancelled ride, an SMS ride, a CLI ride")
        for row in issued {
            let byHand = try IssuedRow(row: row)
            #expect(byHand == (try FetchableRecordDecoder().decode(IssuedRow.self, from: row)), "ticket \(row["id"] ?? 0)")
        }
        for row in purchases {
            let byHand = try PurchaseRow(row: row)
            #expect(byHand == (try FetchableRecordDecoder().decode(PurchaseRow.self, from: row)), "purchase \(row["id"] ?? 0)")
        }
        // The states the rows were meant to cover are there.
        let tickets = try issued.map(IssuedRow.init(row:))
        let replied = tickets.contains { $0.sms != nil && $0.replySMS != nil }
        let validated = tickets.contains { $0.payload != nil && $0.validFrom != nil }
        #expect(replied && validated)
        let bought = try purchases.map(PurchaseRow.init(row:))
        let pass = bought.contains { $0.holder == "Anna Bellè" }
        let cancelledWithSMS = bought.contains { $0.cancelledAt != nil && !$0.paymentMessages.isEmpty }
        #expect(pass && cancelledWithSMS)
    }

    /// A value of the wrong kind is an error, as it is to `Decodable`, not a zero or a crash.
    @Test func aMistypedValueThrowsAsTheDecodableReadingDoes() throws {
        let sales = try TicketPaymentTests()
        _ = try sales.buy(.single, "BUS-PD-90")
        try sales.store.database.write { db in
            try db.execute(sql: "UPDATE ticket_issued SET serial = 'many', sms = '{\"recipient\": 7}'")
            try db.execute(sql: "UPDATE ticket_purchase SET paymentMessages = '[{\"body\": 1}]'")
        }
        let (issued, purchases) = try sales.store.database.read { db in
            (try Row.fetchAll(db, sql: "SELECT * FROM ticket_issued"), try Row.fetchAll(db, sql: "SELECT * FROM ticket_purchase"))
        }
        for row in issued {
            #expect(throws: (any Error).self) { try FetchableRecordDecoder().decode(IssuedRow.self, from: row) }
            #expect(throws: (any Error).self) { try IssuedRow(row: row) }
        }
        for row in purchases {
            #expect(throws: (any Error).self) { try FetchableRecordDecoder().decode(PurchaseRow.self, from: row) }
            #expect(throws: (any Error).self) { try PurchaseRow(row: row) }
        }
    }
}
