import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing
import TestSupport

/// The modern JSON change feed: its JSON shape, conversion to the same validated commands as
/// the thesis's lines, and the cursor kept as the server gave it.
@Suite struct ChangeFeedTests {
    let json = """
        {"cursor": "eyJzZXEiOjQyfQ==", "hasMore": true, "changes": [
          {"operation": "insert", "kind": "cliente", "remoteID": "C-1",
           "fields": {"companyName": "Caffè Società Cooperativa", "city": "Città di Castello", "province": "PG", "futureField": "x"}},
          {"operation": "update", "kind": "prodotto", "remoteID": "P-1",
           "fields": {"code": "CAF-01", "supplierRecordID": "F-1", "price": "12,50", "minimumQuantity": "6"}},
          {"operation": "insert", "kind": "sconto", "remoteID": "S-1",
           "fields": {"supplierRecordID": "F-1", "customerRecordID": "C-1", "level1": "10", "level2": "2.5"}},
          {"operation": "delete", "kind": "fornitore", "remoteID": "F-9"}
        ]}
        """

    @Test func decodesAPageAndKeepsTheCursorAsGiven() throws {
        let page = try JSONDecoder().decode(ChangeFeedPage.self, from: Data(json.utf8))
        #expect(page.cursor == "eyJzZXEiOjQyfQ==")
        #expect(page.hasMore)
        #expect(page.changes.count == 4)
        #expect(page.changes[3] == ChangeFeedEntry(operation: .delete, kind: .supplier, remoteID: "F-9"))
    }

    @Test func turnsChangesIntoTheSameCommandsAsSyncLines() throws {
        let page = try JSONDecoder().decode(ChangeFeedPage.self, from: Data(json.utf8))
        let commands = try page.commands(company: "ACME").get()
        #expect(commands[0] == .insert(.customer(Customer(
            companyName: "Caffè Società Cooperativa", city: "Città di Castello", province: "PG",
            origin: .synced(company: "ACME", remoteID: "C-1"))), company: "ACME", remoteID: "C-1"))
        let lines = try SyncResponse.parse("upd||prodotto||CAF-01||||6||12,50||ACME||P-1\nupd||listino||F-1||ACME||P-1\n", company: "ACME").get()
        #expect([commands[1]] == lines)
        #expect(commands[2] == .insert(
            .discount(levels: [10, Decimal(string: "2.5")!], supplierRemoteID: "F-1", customerRemoteID: "C-1", productRemoteID: nil),
            company: "ACME", remoteID: "S-1"))
        #expect(commands[3] == .delete(.supplier, company: "ACME", remoteID: "F-9"))
    }

    @Test func refusesThePageListingEveryBadChange() throws {
        let page = ChangeFeedPage(cursor: "c2", changes: [
            ChangeFeedEntry(operation: .insert, kind: .supplier, remoteID: "F-1", fields: ["name": "Caffè Rossi"]),
            ChangeFeedEntry(operation: .insert, kind: .customer, remoteID: "C-1", fields: ["companyName": "Bar Duomo"]),
            ChangeFeedEntry(operation: .update, kind: .product, remoteID: "P-1",
                            fields: ["code": "CAF-01", "supplierRecordID": "F-1", "price": "1.2.3"]),
            ChangeFeedEntry(operation: .delete, kind: .product, remoteID: " "),
        ], hasMore: false)
        let rejection = try #require(page.commands(company: "ACME").rejected)
        #expect(rejection.errors.map(\.index) == [0, 2, 3])
        #expect(rejection.errors[0].problem == .invalidField(
            kind: .supplier, FieldProblem(field: "e-mail", position: 6, value: "", reason: .required)))
        #expect(rejection.errors[1].code == "sync.feed.field.notAPrice")
        #expect(rejection.errors[2].problem == .emptyRecordID)
    }

    @Test func anUnknownOperationOrKindIsADecodingError() {
        let bad = #"{"cursor": "c", "hasMore": false, "changes": [{"operation": "ins", "kind": "cliente", "remoteID": "1"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChangeFeedPage.self, from: Data(bad.utf8)) }
    }

    @Test func serverEntriesRoundTripThroughJSON() throws {
        var generator = RecordGenerator(random: SeededGenerator(seed: 21))
        let commands = (0..<500).map { _ in generator.command(company: "ACME") }
        let page = ChangeFeedPage(cursor: "opaque-7", changes: try commands.map { try ChangeFeedEntry($0) }, hasMore: false)
        let decoded = try JSONDecoder().decode(ChangeFeedPage.self, from: JSONEncoder().encode(page))
        #expect(decoded == page)
        #expect(try decoded.commands(company: "ACME").get() == commands)
        #expect(throws: InterchangeEncodingError.self) { try ChangeFeedEntry(.deleteAll(company: "ACME")) }
        let fourLevels = SyncRecord.discount(levels: [10, 5, 2, 1], supplierRemoteID: "F-1", customerRemoteID: "C-1", productRemoteID: nil)
        #expect(throws: InterchangeEncodingError.self) { try ChangeFeedEntry(.insert(fourLevels, company: "ACME", remoteID: "S-1")) }
    }

    @Test func aBarInAValueIsFineInJSON() throws {
        let entry = ChangeFeedEntry(operation: .insert, kind: .customer, remoteID: "C-1", fields: ["companyName": "Bar A|B"])
        guard case .insert(.customer(let customer), _, _) = try entry.command(company: "ACME") else { Issue.record("not a customer"); return }
        #expect(customer.companyName == "Bar A|B")
    }
}
