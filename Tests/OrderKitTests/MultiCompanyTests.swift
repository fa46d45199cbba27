import Amounts
import Credentials
import Foundation
import GRDB
import OrderKit
import Testing

/// Issue 40, fault 6: an agent of several companies keeps each company's records, sync position
/// and subscription its own.
@Suite struct MultiCompanyTests {
    struct Answering: CompanyTransport {
        let status: Int
        func send(_ request: CompanyRequest) async throws -> CompanyResponse { CompanyResponse(status: status, body: []) }
    }

    static func store() throws -> AgentStore { try AgentStore(database: DatabaseQueue(), keys: .ephemeral()) }

    static func subscription(_ company: String, server: String = "https://orders.acme.example") throws -> Subscription {
        Subscription(name: company, serverURL: try #require(URL(string: server)), account: CompanyAccount(company: company, username: "mario", password: "una password"))
    }

    @Test func aSubscriptionPointedAtAnotherServerSyncsFromTheStart() throws {
        let store = try Self.store()
        try store.save(try Self.subscription("ACME"))
        try store.setLastThesisSync("2026-11-30 10:00:00", company: "ACME")
        try store.setSyncCursor("acme-cursor-41", company: "ACME")
        // The same server again (a new password, say): where it was stays.
        try store.save(try Self.subscription("ACME"))
        #expect(try store.lastThesisSync(company: "ACME") == "2026-11-30 10:00:00")
        #expect(try store.syncCursor(company: "ACME") == "acme-cursor-41")
        try store.save(try Self.subscription("ACME", server: "https://ordini.acme-nuovo.example"))
        #expect(try store.lastThesisSync(company: "ACME") == nil)
        #expect(try store.syncCursor(company: "ACME") == nil)
    }

    @Test func anEndedSubscriptionLeavesNoEntryBehind() async throws {
        let store = try Self.store()
        try store.save(try Self.subscription("ACME"))
        try store.save(try Self.subscription("BETA"))
        try store.apply([.insert(.customer(Customer(companyName: "Bar Sport")), company: "ACME", remoteID: "1")])
        let outcome = try await AgentSyncClient(transport: Answering(status: 410), account: try Self.subscription("ACME").account).sync(into: store)
        #expect(outcome == .subscriptionEnded)
        #expect(try store.subscriptions().map(\.account.company) == ["BETA"])
        #expect(try store.customers().isEmpty)
    }

    @Test func anExportKeepsSameNamedSuppliersOfTwoCompaniesApart() throws {
        let store = try Self.store()
        for (company, price) in [("ACME", 1_000), ("BETA", 2_000)] {
            try store.apply([
                .insert(.supplier(Supplier(name: "Mobilificio", email: "ordini@\(company.lowercased()).example")), company: company, remoteID: "1"),
                .insert(.product(Product(code: "SEDIA", supplierID: 0, price: UnitPrice(cents: price)!), supplierRemoteID: "1"), company: company, remoteID: "2"),
            ])
        }
        let file = try store.exportFile()
        let copy = try Self.store()
        try copy.importRecords(try MasterDataFile.parse(file).get())
        let suppliers = try copy.suppliers()
        #expect(suppliers.map(\.name).sorted() == ["Mobilificio (ACME)", "Mobilificio (BETA)"])
        for supplier in suppliers {
            let products = try copy.products(supplierID: supplier.id)
            #expect(products.count == 1)
            #expect(products.first?.price == UnitPrice(cents: supplier.email.contains("acme") ? 1_000 : 2_000))
        }
    }
}
