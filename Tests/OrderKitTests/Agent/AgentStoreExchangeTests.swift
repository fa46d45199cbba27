import Credentials
import Amounts
import Foundation
import GRDB
import OrderCompany
import OrderKit
import Testing

/// The agent's `||` files: one agent's export imports on another, and importing a file twice
/// updates the records instead of adding them again.
@Suite struct AgentStoreExchangeTests {
    @Test func aFileExportedByOneAgentImportsOnAnotherAndTwiceChangesNothing() throws {
        let first = try AgentStoreFixture()
        let file = try first.store.exportFile()
        let other = try AgentStore(database: DatabaseQueue(), keys: .ephemeral())
        let records = try MasterDataFile.parse(file).get()
        try other.importRecords(records)
        try other.importRecords(records)
        func names(_ store: AgentStore) throws -> [String] {
            try store.suppliers().map(\.name) + store.customers().map(\.companyName) + store.products().map { "\($0.code) \($0.price)" }
        }
        #expect(try names(other).sorted() == names(first.store).sorted())
        // A changed price in the same file updates the product in place.
        let cheaper = file.replacingOccurrences(of: "||12.5\n", with: "||11.9\n")
        #expect(cheaper != file)
        try other.importRecords(try MasterDataFile.parse(cheaper).get())
        #expect(try other.products().filter { $0.code == "CAF-01" }.map(\.price) == [UnitPrice(cents: 1190)])
    }
}
