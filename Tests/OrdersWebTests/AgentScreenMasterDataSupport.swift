@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// Master data on the agent's side for the screen and API tests: the company's (synced, so
/// read-only) and the agent's own.
enum AgentMasterData {
    /// The company ACME's supplier F1, customer C1, product P1 of F1 and a 10 % discount of F1
    /// for C1, applied as a sync would.
    static func syncCompanyRecords(_ agent: AgentStore) throws {
        try agent.apply([
            .insert(.supplier(Supplier(name: "Mobilificio Città di Castello", email: "ordini@mobilificio.it")), company: "ACME", remoteID: "F1"),
            .insert(.customer(Customer(companyName: "Caffè Società Cooperativa", city: "Forlì")), company: "ACME", remoteID: "C1"),
            .insert(.product(Product(code: "SEDIA-01", supplierID: 0, description: "Sedia in faggio", price: Money(cents: 4990)!, minimumQuantity: 2),
                             supplierRemoteID: "F1"), company: "ACME", remoteID: "P1"),
            .insert(.discount(levels: [10], supplierRemoteID: "F1", customerRemoteID: "C1", productRemoteID: nil), company: "ACME", remoteID: "D1"),
        ])
    }

    /// The id of the one synced record of `kind`.
    static func syncedID(_ agent: AgentStore, _ kind: MasterDataKind) throws -> Int64 {
        let ids: [Int64?] = switch kind {
        case .customer: try agent.customers().filter(\.origin.isReadOnly).map(\.id)
        case .supplier: try agent.suppliers().filter(\.origin.isReadOnly).map(\.id)
        case .product: try agent.products().filter(\.origin.isReadOnly).map(\.id)
        case .discount: try agent.discounts().filter(\.origin.isReadOnly).map(\.id)
        }
        return try #require(ids.first ?? nil)
    }

    static func post(_ client: any TestClientProtocol, _ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post, headers: .form(), body: formBody(fields))
    }
}

extension MasterDataKind {
    /// The screens' path segment.
    var screenPath: String {
        switch self {
        case .customer: "customers"
        case .supplier: "suppliers"
        case .product: "products"
        case .discount: "discounts"
        }
    }
}
