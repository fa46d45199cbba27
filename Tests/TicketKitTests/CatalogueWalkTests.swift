import Foundation
import GRDB
import Testing
import TicketKit

/// Issue 39: every product of the seed catalogue, bought as each service that lists it, goes
/// through its own route to the end, or is refused before anything is recorded. Before, ATM
/// Milano's 24-hour, 72-hour, carnet and passes were sold by SMS without a keyword: no SMS, a
/// reply that could never come, and activating a carnet ride answered "damaged record".
@Suite struct CatalogueWalkTests {
    /// Monday 2 March 2026, 09:00 in Rome: no pass starts on a period's last day.
    let clock = TestClock(Rome.day(2026, 3, 2, hour: 9))

    struct Walk: CustomStringConvertible {
        let product: TicketProduct
        let service: TicketService
        var description: String { "\(product.code) as \(service.rawValue)" }
    }

    static func walks() throws -> [Walk] {
        let catalogue = try TicketCatalogue.seed()
        return catalogue.operators.flatMap { op in
            TicketService.allCases.filter(op.offers).flatMap { service in
                catalogue.products(operatorCode: op.code, service: service).map { Walk(product: $0, service: service) }
            }
        }
    }

    @Test func everyProductGoesThroughItsRoute() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral(), now: clock.reading)
        try store.seedIfEmpty()
        let catalogue = try store.catalogue()
        var routes: [PaymentRoute: Int] = [:]
        for walk in try Self.walks() {
            let op = try #require(catalogue.operator(code: walk.product.operatorCode))
            let route = op.paymentRoute(for: walk.product)
            routes[route, default: 0] += 1
            let owner = "rider-\(walk.product.code)-\(walk.service.rawValue)"
            let isPass = walk.service == .subscription
            let request = PurchaseRequest(
                operatorCode: op.code, service: walk.service, lines: [PurchaseLine(productCode: walk.product.code, quantity: 1)],
                holder: isPass ? "Anna Rossi" : nil)
            switch route {
            case .elsewhere:
                #expect(throws: PaymentError.self, "\(walk)") { try store.purchase(request, owner: owner) }
                #expect(try store.purchases(owner: owner).isEmpty, "\(walk): refused before anything is recorded")
            case .bottega:
                let bought = try store.purchase(request, owner: owner)
                let paid = try store.markPaid(purchaseID: bought.id, reference: "back office")
                #expect(paid.state == .paid, "\(walk)")
                var tickets = paid.tickets
                // Rides, single or carnet, are validated on boarding; a pass is signed when paid.
                if walk.service != .subscription { tickets = [try store.activate(ticketID: try #require(tickets.first).id, owner: owner)] }
                for ticket in tickets {
                    let payload = try #require(ticket.payload, "\(walk): a paid ticket is signed")
                    let verified = try store.verifyIssued(payload, at: clock.now.addingTimeInterval(60))
                    #expect(verified.productCode == walk.product.code, "\(walk)")
                }
            case .operatorSMS:
                let bought = try store.purchase(request, owner: owner)
                var ticket = try #require(bought.tickets.first)
                // A ride's SMS is composed on boarding; a pass's with the purchase.
                if walk.service != .subscription { ticket = try store.activate(ticketID: ticket.id, owner: owner) }
                let sms = try #require(ticket.sms, "\(walk): an SMS operator's ticket has its request SMS")
                #expect(sms.recipient == op.smsNumber && sms.body.contains(walk.product.smsKeyword), "\(walk)")
                let reply = "\(op.replyCodeLabel ?? "codice") K7Q2ZP9 valido \(walk.product.validityMinutes ?? 60) minuti"
                let answered = try store.recordReply(ticketID: ticket.id, owner: owner, text: reply)
                #expect(answered.replyCode == "K7Q2ZP9" && answered.payload == nil, "\(walk)")
                #expect(try store.purchases(owner: owner).first?.state != .paid, "\(walk): only a confirmed payment is paid")
            }
        }
        // The seed has all three routes; ATM Milano's products without a keyword are among the refused.
        #expect(routes[.bottega, default: 0] > 0 && routes[.operatorSMS, default: 0] > 0 && routes[.elsewhere, default: 0] > 0)
        let carnet = try #require(catalogue.product(code: "ATM-MI-CARNET10"))
        #expect(try #require(catalogue.operator(code: "ATM-MI")).paymentRoute(for: carnet) == .elsewhere)
    }

    /// The web's service buttons: a service none of whose products is sold here is sold elsewhere.
    @Test func servicesWithoutAProductSoldHereAreSoldElsewhere() throws {
        let catalogue = try TicketCatalogue.seed()
        let atm = try #require(catalogue.operator(code: "ATM-MI"))
        #expect(catalogue.servicesSoldHere(by: atm) == [.single, .multiple], "ATM's passes have no SMS keyword")
        let atac = try #require(catalogue.operator(code: "ATAC-RM"))
        #expect(catalogue.servicesSoldHere(by: atac).isEmpty)
    }
}
