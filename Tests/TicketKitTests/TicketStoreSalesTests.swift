import Credentials
import Amounts
import BarcodeKit
import Foundation
import GRDB
import Testing
import TicketKit

/// Purchases and their tickets: issued, activated, seen only by their owner, verified by
/// signature and validity, and drawn as QR Codes.
@Suite struct TicketStoreSalesTests {
    /// Thursday 14 March 2024, 15:30 in Padova.
    let clock = TestClock(Rome.day(2024, 3, 14, hour: 15, minute: 30))
    let store: TicketStore

    init() throws {
        store = try TicketStore.withTestCatalogue(clock: clock)
    }

    func request(_ service: TicketService, _ lines: [(String, Int)], operator code: String = "BUS-PD", start: Date? = nil, holder: String? = nil) -> PurchaseRequest {
        PurchaseRequest(
            operatorCode: code, service: service, lines: lines.map { PurchaseLine(productCode: $0.0, quantity: $0.1) }, start: start,
            holder: holder ?? (service == .subscription ? "Anna Rossi" : nil))
    }

    /// Buys and has the back office confirm the payment.
    func paid(_ request: PurchaseRequest, owner: String = "anna") throws -> Purchase {
        try store.markPaid(purchaseID: store.purchase(request, owner: owner).id, reference: "back office")
    }

    /// Issue 39: a single ride was signed when paid, its 90 minutes running from the payment. It
    /// is bought now and validated on boarding, its time running from the validation.
    @Test func singleTicketsWaitForThePaymentThenForTheirValidationOnBoarding() throws {
        let bought = try store.purchase(request(.single, [("BUS-PD-90", 2)]), owner: "anna")
        #expect(bought.state == .awaitingPayment)
        #expect(bought.tickets.allSatisfy { $0.state == .awaitingPayment && $0.payload == nil && $0.serial == nil })
        clock.advance(by: 120)
        let purchase = try store.markPaid(purchaseID: bought.id, reference: "back office")
        #expect(purchase.state == .paid && purchase.paidAt == clock.now && purchase.paymentReference == "back office")
        #expect(purchase.total == Money("3.40"))
        #expect(purchase.lines == [PurchasedLine(productCode: "BUS-PD-90", productName: "Urban 90", quantity: 2, unitPrice: Money("1.70")!, lineTotal: Money("3.40")!)])
        #expect(purchase.tickets.count == 2)
        #expect(purchase.tickets.allSatisfy { $0.state == .unused && $0.payload == nil && $0.validFrom == nil })
        // Boarding two hours and then three hours later: each ride runs from its own validation.
        var serials: [UInt64] = []
        for ticket in purchase.tickets {
            clock.advance(by: 3600)
            let boarded = try store.activate(ticketID: ticket.id, owner: "anna")
            #expect(boarded.state == .active)
            #expect(boarded.validFrom == clock.now && boarded.validUntil == clock.now.addingTimeInterval(90 * 60))
            let verified = try store.verify(#require(boarded.payload), at: clock.now)
            #expect(verified == Ticket(operatorCode: "BUS-PD", productCode: "BUS-PD-90",
                                       validity: DateInterval(start: clock.now, duration: 90 * 60), serial: try #require(boarded.serial), keyID: "BUS-PD:1"))
            serials.append(try #require(boarded.serial))
            #expect(throws: TicketStoreError.alreadyActivated(ticket.id)) { try store.activate(ticketID: ticket.id, owner: "anna") }
        }
        #expect(Set(serials).count == 2)
        // The SMS composed at purchase are kept with it, for the purchase page.
        #expect(purchase.paymentMessages.map(\.body) == ["TU1 14/03/2024", "TU1 14/03/2024"])
        #expect(purchase.created == clock.now.addingTimeInterval(-120 - 2 * 3600))
        let stored = try store.purchases(owner: "anna")
        #expect(stored.map(\.id) == [purchase.id] && stored.first?.tickets.map(\.serial) == serials.map(Optional.some))
    }

    @Test func multipleTicketsWaitUnusedUntilEachIsActivated() throws {
        let unpaid = try store.purchase(request(.multiple, [("BUS-PD-CARNET3", 1), ("BUS-PD-90", 2)]), owner: "anna")
        #expect(throws: TicketStoreError.notPaid(unpaid.id)) { try store.activate(ticketID: unpaid.tickets[0].id, owner: "anna") }
        let purchase = try store.markPaid(purchaseID: unpaid.id, reference: "back office")
        #expect(purchase.total == Money("7.90"))
        #expect(purchase.tickets.count == 5)
        #expect(purchase.tickets.allSatisfy { $0.state == .unused && $0.serial == nil && $0.payload == nil && $0.validFrom == nil })
        clock.advance(by: 3 * 86_400)
        let boarding = clock.now
        let ride = try store.activate(ticketID: purchase.tickets[0].id, owner: "anna")
        #expect(ride.state == .active && ride.validFrom == boarding && ride.validUntil == boarding.addingTimeInterval(90 * 60))
        #expect(try store.verify(#require(ride.payload), at: boarding).productCode == "BUS-PD-CARNET3")
        #expect(throws: TicketStoreError.alreadyActivated(ride.id)) { try store.activate(ticketID: ride.id, owner: "anna") }
        #expect(try store.tickets(owner: "anna").filter { $0.state == .unused }.count == 4)
        clock.advance(by: 90 * 60)
        #expect(try store.ticket(id: ride.id, owner: "anna")?.state == .expired)
        #expect(throws: TicketRejection.expired(at: boarding.addingTimeInterval(90 * 60))) {
            try store.verify(#require(ride.payload), at: clock.now)
        }
    }

    @Test func anotherOwnerCanNeitherSeeNorActivate() throws {
        let purchase = try store.purchase(request(.multiple, [("BUS-PD-90", 1)]), owner: "anna")
        let id = try #require(purchase.tickets.first?.id)
        #expect(try store.ticket(id: id, owner: "bruno") == nil)
        #expect(try store.tickets(owner: "bruno").isEmpty)
        #expect(try store.purchases(owner: "bruno").isEmpty)
        #expect(throws: TicketStoreError.unknownTicket(id)) { try store.activate(ticketID: id, owner: "bruno") }
        #expect(throws: TicketStoreError.unknownTicket(99_999)) { try store.activate(ticketID: 99_999, owner: "anna") }
        #expect(try store.ticket(id: id, owner: "anna")?.state == .awaitingPayment)
        #expect(throws: TicketStoreError.emptyOwner) { try store.purchase(request(.single, [("BUS-PD-90", 1)]), owner: " ") }
    }

    @Test func aPassForALaterDayIsUpcomingThenActiveThenExpired() throws {
        let purchase = try paid(request(.subscription, [("BUS-PD-MONTH", 1)], start: Rome.day(2024, 4, 10, hour: 12)))
        let pass = try #require(purchase.tickets.first)
        #expect(purchase.tickets.count == 1 && purchase.total == Money("38.00"))
        #expect(pass.state == .upcoming)
        #expect(pass.validFrom == Rome.day(2024, 4, 10) && pass.validUntil == Rome.day(2024, 5, 1))
        let payload = try #require(pass.payload)
        #expect(throws: TicketRejection.notYetValid(until: Rome.day(2024, 4, 10))) { try store.verify(payload, at: clock.now) }
        clock.set(Rome.day(2024, 4, 30, hour: 23, minute: 59))
        #expect(try store.ticket(id: pass.id, owner: "anna")?.state == .active)
        let verified = try store.verify(payload, at: clock.now)
        #expect(verified.serial == pass.serial && verified.holder == "Anna Rossi" && verified.cardNumber == nil)
        clock.set(Rome.day(2024, 5, 1))
        #expect(try store.ticket(id: pass.id, owner: "anna")?.state == .expired)
    }

    @Test func refusedPurchasesRecordNothing() throws {
        #expect(throws: PurchaseError.quantityOutOfRange(line: 1, productCode: "BUS-PD-90", quantity: 1000, allowed: 1...20)) {
            try store.purchase(request(.multiple, [("BUS-PD-90", 1000)]), owner: "anna")
        }
        #expect(throws: PurchaseError.serviceNotOffered(operatorCode: "BOAT-VE", service: .subscription)) {
            try store.purchase(request(.subscription, [("BOAT-VE-75", 1)], operator: "BOAT-VE"), owner: "anna")
        }
        #expect(try store.purchases(owner: "anna").isEmpty && store.tickets(owner: "anna").isEmpty)
    }

    @Test func ticketsAreListedNewestFirstAndOutliveTheirOperator() throws {
        let first = try paid(request(.single, [("BOAT-VE-75", 1)], operator: "BOAT-VE"))
        #expect(first.paymentMessages.isEmpty && first.smsUnavailableReason?.hasPrefix("Boats of Venice sells no tickets by SMS") == true)
        clock.advance(by: 60)
        let second = try paid(request(.single, [("BUS-PD-90", 1)]))
        #expect(try store.tickets(owner: "anna").map(\.id) == [second.tickets[0].id, first.tickets[0].id])
        #expect(try store.purchases(owner: "anna").map(\.id) == [second.id, first.id])
        try store.deleteOperator(code: "BOAT-VE")
        _ = try store.activate(ticketID: first.tickets[0].id, owner: "anna")
        let kept = try #require(try store.ticket(id: first.tickets[0].id, owner: "anna"))
        #expect(kept.productName == "Boat 75" && kept.operatorCode == "BOAT-VE")
        #expect(try store.verify(#require(kept.payload), at: clock.now).operatorCode == "BOAT-VE")
    }

    @Test func issueDirectRecordsACLIPurchase() throws {
        #expect(throws: PurchaseError.holderRequired) {
            try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-YEAR", start: Rome.day(2024, 12, 31, hour: 8))
        }
        let pass = try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-YEAR", start: Rome.day(2024, 12, 31, hour: 8), holder: "Anna Rossi")
        #expect(pass.owner == "cli" && pass.validFrom == Rome.day(2024, 12, 31) && pass.validUntil == Rome.day(2025, 1, 1))
        let ride = try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil)
        #expect(ride.state == .active && ride.validFrom == clock.now)
        #expect(try store.purchases(owner: "cli").map(\.state) == [.paid, .paid])
        #expect(throws: PurchaseError.productNotForService(line: 1, productCode: "BUS-PD-CARNET3", service: .single)) {
            try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-CARNET3", start: nil)
        }
        #expect(throws: PurchaseError.unknownProduct(line: 1, productCode: "NOPE-1")) {
            try store.issueDirect(operatorCode: "BUS-PD", productCode: "NOPE-1", start: nil)
        }
    }

    @Test func alteredOrForeignPayloadsAreRefused() throws {
        let ticket = try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil)
        let payload = try #require(ticket.payload)
        var characters = Array(payload)
        characters[20] = characters[20] == "A" ? "B" : "A"
        #expect(throws: TicketRejection.badSignature) { try store.verify(String(characters), at: clock.now) }
        let otherServer = try TicketStore(database: DatabaseQueue(), keys: .ephemeral(), now: clock.reading)
        #expect(try otherServer.publicKey().rawRepresentation != store.publicKey().rawRepresentation)
        #expect(throws: TicketRejection.badSignature) { try otherServer.verify(payload, at: clock.now) }
        #expect { try store.verify("not a ticket", at: clock.now) } throws: { ($0 as? TicketRejection)?.code == "malformed" }
    }

    @Test func theQRCodeReadsBackAsThePayload() throws {
        let payload = try #require(try store.issueDirect(operatorCode: "BUS-PD", productCode: "BUS-PD-90", start: nil).payload)
        let matrix = try store.qrCode(for: payload)
        // Draw it 4 pixels a module with the 4-module quiet zone, and read it as a phone would.
        let scale = 4, side = (matrix.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let moduleX = x / scale - 4, moduleY = y / scale - 4
                if (0..<matrix.size).contains(moduleX), (0..<matrix.size).contains(moduleY), matrix[moduleX, moduleY] { pixels[y * side + x] = 0 }
            }
        }
        let read = BarcodeReader(formats: [.qrCode]).decode(try GrayImage(width: side, height: side, pixels: pixels))
        #expect(read.map(\.text) == [payload])
    }
}
