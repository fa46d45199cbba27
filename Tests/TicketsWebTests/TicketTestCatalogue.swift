@testable import TicketsWeb
@testable import WebCore
import WebTestSupport
import Foundation
import HummingbirdTesting
import Testing
import TicketKit

/// Picks from the seed catalogue what a test needs, so tests follow the catalogue's data
/// rather than repeating its codes.
struct TicketTestCatalogue {
    let catalogue: TicketCatalogue

    init(_ stores: AppStores) throws {
        catalogue = try stores.tickets.catalogue()
    }

    /// An operator that sells all three services and has an SMS number: one Bottega runs (it
    /// confirms payments to Bottega, which then signs QR tickets), unless `bySMS`, a real one
    /// whose reply SMS is the ticket.
    func fullOperator(bySMS: Bool = false) throws -> TransportOperator {
        guard let op = catalogue.operators.sorted(by: { $0.code < $1.code }).first(where: {
            $0.services == Set(TicketService.allCases) && $0.smsNumber != nil && $0.paymentRoute == (bySMS ? .operatorSMS : .bottega)
        }) else { throw TestDataMissing(what: "an operator offering every service") }
        return op
    }

    /// The back office marks the purchase paid (`POST /api/tickets/admin/purchases/{id}/paid`,
    /// with the test app's admin password); returns the paid purchase's JSON.
    static func pay(_ client: any TestClientProtocol, purchase id: Int) async throws -> [String: Any] {
        let paid = try await client.execute(
            uri: "/api/tickets/admin/purchases/\(id)/paid", method: .post, headers: [.authorization: "Bearer correct horse battery staple"])
        #expect(paid.status == .ok, "\(paid.text)")
        #expect(try paid.json()["state"] as? String == "paid")
        return try paid.json()
    }

    /// The one-ride tickets `op` sells as `service` (single or multiple); carnets left out, so a
    /// quantity of n is n tickets.
    func rides(of op: TransportOperator, as service: TicketService) -> [TicketProduct] {
        catalogue.products(operatorCode: op.code, service: service).filter { product in
            if case .ride = product.kind { product.rides == 1 } else { false }
        }
    }

    func passes(of op: TransportOperator) -> [TicketProduct] {
        catalogue.products(operatorCode: op.code, service: .subscription)
    }

    /// An operator without subscriptions, to see the button disabled.
    func operatorWithoutSubscriptions() throws -> TransportOperator {
        guard let op = catalogue.operators.first(where: { !$0.services.contains(.subscription) }) else {
            throw TestDataMissing(what: "an operator without subscriptions")
        }
        return op
    }

    struct TestDataMissing: Error, CustomStringConvertible {
        let what: String
        var description: String { "the seed catalogue has no \(what)" }
    }
}
