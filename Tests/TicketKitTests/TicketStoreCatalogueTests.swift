import Credentials
import Amounts
import Foundation
import GRDB
import Storage
import Testing
import TicketKit

/// The stored catalogue: seeded once, edited by an operator through validated, all-or-nothing
/// writes that survive restarts.
@Suite struct TicketStoreCatalogueTests {
    @Test func theSeedIsLoadedOnTheFirstStartOnly() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        #expect(try store.catalogue() == TicketCatalogue())
        #expect(try store.seedIfEmpty())
        #expect(try store.catalogue() == TicketCatalogue.seed())
        #expect(try !store.seedIfEmpty())
    }

    @Test func editsPersistAndASecondSeedingKeepsThem() throws {
        let database = try DatabaseQueue()
        let keys = KeyFile.ephemeral()
        let store = try TicketStore(database: database, keys: keys)
        try store.seedIfEmpty()
        var ticket = try #require(try store.catalogue().product(code: "BUSITALIA-PD-TU1"))
        ticket.price = try #require(Money("1.80"))
        ticket.name = "TU1 urbano"
        try store.save(ticket)
        var province = try #require(try store.catalogue().province(code: "PD"))
        province.capital = "Padova (PD)"
        try store.save(province)
        var bus = try #require(try store.catalogue().operator(code: "BUSITALIA-PD"))
        bus.provinceCodes = ["PD", "VE"]
        bus.smsNumber = "4812345"
        try store.save(bus)
        try store.deleteOperator(code: "ATAF-FI")

        // A restart: a new store on the same database.
        let restarted = try TicketStore(database: database, keys: keys)
        #expect(try !restarted.seedIfEmpty())
        let catalogue = try restarted.catalogue()
        #expect(catalogue.product(code: "BUSITALIA-PD-TU1")?.price == Money("1.80"))
        #expect(catalogue.product(code: "BUSITALIA-PD-TU1")?.name == "TU1 urbano")
        #expect(catalogue.province(code: "PD")?.capital == "Padova (PD)")
        #expect(catalogue.operator(code: "BUSITALIA-PD")?.smsNumber == "4812345")
        #expect(catalogue.operators(inProvince: "VE").map(\.code) == ["BUSITALIA-PD"])
        #expect(catalogue.operator(code: "ATAF-FI") == nil && catalogue.products(operatorCode: "ATAF-FI").isEmpty)
        // Updating kept each record in its place.
        #expect(catalogue.products.map(\.code) == (try TicketCatalogue.seed()).products.map(\.code).filter { $0 != "ATAF-FI-90" })
    }

    @Test func aDatabaseEmptiedByHandIsNotSeededAgain() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        try store.seedIfEmpty()
        for op in try store.catalogue().operators { try store.deleteOperator(code: op.code) }
        #expect(try store.catalogue().operators.isEmpty)
        #expect(try !store.seedIfEmpty())
        #expect(try store.catalogue().operators.isEmpty)
    }

    @Test func aNewOperatorIsSavedThenGivenProductsThenServices() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        try store.save(TestCatalogue.padova)
        var bus = TestCatalogue.bus
        bus.services = []
        try store.save(bus)
        for product in [TestCatalogue.ride, TestCatalogue.carnet, TestCatalogue.month, TestCatalogue.year] { try store.save(product) }
        try store.save(TestCatalogue.bus)
        #expect(try store.catalogue().operator(code: "BUS-PD") == TestCatalogue.bus)
        #expect(try store.catalogue().products(operatorCode: "BUS-PD") == [TestCatalogue.ride, TestCatalogue.carnet, TestCatalogue.month, TestCatalogue.year])
    }

    @Test func invalidEditsAreRefusedWholeWithTypedErrors() throws {
        let store = try TicketStore(database: DatabaseQueue(), keys: .ephemeral())
        try store.seedIfEmpty()
        let before = try store.catalogue()
        var orphan = TestCatalogue.ride
        orphan.operatorCode = "NOPE"
        #expect(throws: CatalogueError.unknownOperator("NOPE")) { try store.save(orphan) }
        var tooEager = try #require(before.operator(code: "GTT-TO"))
        tooEager.services.insert(.subscription)
        #expect(throws: CatalogueError.serviceWithoutProduct(operatorCode: "GTT-TO", service: .subscription)) { try store.save(tooEager) }
        // GTT's only single ticket cannot go while GTT sells single tickets.
        #expect(throws: CatalogueError.serviceWithoutProduct(operatorCode: "GTT-TO", service: .single)) {
            try store.deleteProduct(code: "GTT-TO-CITY100")
        }
        var free = try #require(before.product(code: "ATM-MI-ORD90"))
        free.price = .zero
        #expect(throws: CatalogueError.priceNotPositive(product: "ATM-MI-ORD90")) { try store.save(free) }
        var nowhere = try #require(before.operator(code: "ATM-MI"))
        nowhere.provinceCodes = ["MI", "XX"]
        #expect(throws: CatalogueError.unknownProvince("XX")) { try store.save(nowhere) }
        #expect(throws: CatalogueError.unknownProduct("NOPE-1")) { try store.deleteProduct(code: "NOPE-1") }
        #expect(throws: CatalogueError.unknownOperator("NOPE")) { try store.deleteOperator(code: "NOPE") }
        #expect(try store.catalogue() == before)
        // A product that is not the last of its service can go.
        try store.deleteProduct(code: "ATM-MI-72H")
        #expect(try store.catalogue().product(code: "ATM-MI-72H") == nil)
    }

    @Test func theFileDatabaseKeepsTheSigningKeyAcrossOpenings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ticketstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tickets.sqlite").path
        let first = try TicketStore(database: try SQLiteFile.open(path: path), keys: try KeyFile.open(path: path + ".keys"))
        try first.seedIfEmpty()
        let ticket = try first.issueDirect(operatorCode: "ATM-MI", productCode: "ATM-MI-ORD90", start: nil)
        let second = try TicketStore(database: try SQLiteFile.open(path: path), keys: try KeyFile.open(path: path + ".keys"))
        #expect(try second.publicKey().rawRepresentation == first.publicKey().rawRepresentation)
        #expect(try second.verify(#require(ticket.payload), at: Date()).serial == ticket.serial)
        #expect(try !second.seedIfEmpty())
    }

    @Test func theSigningKeyLivesInTheKeyFileNotInTheDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ticketkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tickets.sqlite").path
        let keys = try KeyFile.open(path: path + ".keys")
        let database = try SQLiteFile.open(path: path)
        let store = try TicketStore(database: database, keys: keys)
        try store.seedIfEmpty()
        _ = try store.issueDirect(operatorCode: "ATM-MI", productCode: "ATM-MI-ORD90", start: nil)
        try database.close()
        let privateKey = keys.key(TicketSchema.signingKeyName).withUnsafeBytes { Data($0) }
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let contents = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(contents.range(of: privateKey) == nil, "the private key is in \(file)")
        }
    }

    @Test func anotherKeyFileIsRefusedRatherThanSigningTicketsNobodyCanCheck() throws {
        let database = try DatabaseQueue()
        _ = try TicketStore(database: database, keys: .ephemeral())
        #expect(throws: TicketStoreError.otherKeyFile("memory")) { try TicketStore(database: database, keys: .ephemeral()) }
    }
}
