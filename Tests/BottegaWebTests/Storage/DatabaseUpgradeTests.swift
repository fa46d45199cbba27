@testable import WebCore
import WebTestSupport
import BottegaWeb
import Credentials
import Fetch
import Foundation
import GRDB
import OrderKit
import Storage
import TicketKit
import Testing

/// A database made before every migration was named `<app>-v<N>-<what>` opens, migrates and
/// keeps its data. `Databases/made-by-d9f5489.sqlite` was written by `bottega serve` at commit
/// d9f5489: one imported search of 38 publications, a wallet code, one ticket bought from
/// AMT Genova, the agent's details and one customer.
@Suite struct DatabaseUpgradeTests {
    private static let saved = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Databases/made-by-d9f5489.sqlite")

    private func withCopy(_ body: (DatabasePool, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("upgrade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("bottega.sqlite")
        try FileManager.default.copyItem(at: Self.saved, to: copy)
        try await body(try SQLiteFile.open(path: copy.path), folder)
    }

    @Test func aDatabaseMadeByAnEarlierMainOpensAndKeepsItsData() async throws {
        try await withCopy { database, folder in
            let configuration = AppConfiguration(
                database: database, fetch: FetchConfiguration(cacheDirectory: folder.appendingPathComponent("cache")), runsBackgroundWork: false)
            try await AppServices.with(configuration) { services in
                #expect(!services.loadedTicketSeed, "the catalogue is already there: seeding again would undo the operators' edits")
                let searches = try services.scholar.firstAccountWorkspace.history()
                #expect(searches.map(\.publicationCount) == [38])
                // What was there before accounts is the first account's, and only its.
                #expect(services.scholar.firstAccountWorkspace.owner == 1)
                #expect(try services.scholar.firstAccountWorkspace.owned(by: 2).history().isEmpty)
                #expect(services.wallet.history(for: services.wallet.defaultUser.id).map(\.text) == ["4006381333931"])
                let purchases = try services.tickets.store.database.read { db in
                    try String.fetchAll(db, sql: "SELECT operatorCode FROM ticket_purchase")
                }
                #expect(purchases == ["AMT-GE"])
                // The ten largest cities' operators the first seed lacked arrive with the upgrade.
                let catalogue = try services.tickets.store.catalogue()
                #expect(["ANM-NA", "TPER-BO", "AMTAB-BA", "AMTS-CT"].allSatisfy { catalogue.operator(code: $0) != nil })
                #expect(catalogue.product(code: "AMT-GE-BUS110")?.asOf == "2024-05-01", "the seed's fares got their dates")
                let payload = try services.tickets.store.database.read { db in try String.fetchOne(db, sql: "SELECT payload FROM ticket_issued") }
                // The signing key survived: the ticket sold then verifies (at 18:35 UTC, within its 110 minutes).
                #expect(try services.tickets.store.verify(#require(payload), at: Date(timeIntervalSince1970: 1_795_804_500)).productCode == "AMT-GE-BUS110")
                #expect(try services.orders.agent.agent()?.name == "Mario Rossi")
                #expect(try services.orders.agent.customers().map(\.companyName) == ["Bar Sport"])
            }
        }
    }

    @Test func migrationsAreRecordedUnderOneNamingStyleAndNoneRanTwice() async throws {
        try await withCopy { database, folder in
            let before = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            let renamed = ["ticket-v1-sales": "ticket-v2-sales", "order-company-v1": "order-company-v1-accounts", "shop_sessions_v1": "shop-v1-sessions"]
            let configuration = AppConfiguration(
                database: database, fetch: FetchConfiguration(cacheDirectory: folder.appendingPathComponent("cache")), runsBackgroundWork: false)
            try await AppServices.with(configuration) { _ in }
            let names = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            // Each earlier migration is recorded once, under its name of today; a renamed one that ran
            // again would have added a row (or failed on its existing table). Later migrations add theirs.
            let earlier = before.map { renamed[$0] ?? $0 }
            #expect(Set(earlier).isSubset(of: names))
            #expect(names.filter { earlier.contains($0) }.count == before.count)
            // `<app>-v<N>-<what>`, with `<app>` one or two words (`order-company`).
            let style = /[a-z]+(-[a-z]+)?-v[0-9]+-[a-z]+(-[a-z]+)*/
            for name in names {
                #expect(name.wholeMatch(of: style) != nil, "\(name) is not <app>-v<N>-<what>")
            }
            #expect(names.contains("ticket-v2-sales") && names.contains("order-company-v1-accounts"))
        }
    }

    /// The secrets an earlier version kept in the database leave it: the ticket signing key for the
    /// key file, the agent's company password for its sealed form. What was sold still verifies.
    @Test func secretsLeaveTheDatabaseAndStillWork() async throws {
        try await withCopy { database, folder in
            let legacyKey = try await database.read { db in try Data.fetchOne(db, sql: "SELECT privateKey FROM ticket_signing_key WHERE id = 1") }
            // That version stored the company password as typed.
            try await database.write { db in
                try db.execute(sql: """
                    INSERT INTO order_subscription (name, serverURL, company, username, password)
                    VALUES ('ACME', 'https://acme.example', 'ACME', 'mario.rossi', 'una-password-lunga')
                    """)
            }
            let keyPath = folder.appendingPathComponent("bottega.sqlite.keys").path
            let configuration = AppConfiguration(
                database: database, fetch: FetchConfiguration(cacheDirectory: folder.appendingPathComponent("cache")), runsBackgroundWork: false,
                keys: try KeyFile.open(path: keyPath))
            try await AppServices.with(configuration) { services in
                let subscription = try services.orders.agent.subscription(company: "ACME")
                #expect(subscription?.account.password == "una-password-lunga")
            }
            let reopened = try KeyFile.open(path: keyPath)
            #expect(reopened.key(TicketSchema.signingKeyName).withUnsafeBytes { Data($0) } == legacyKey)
            let left = try await database.read { db in
                (try db.tableExists("ticket_signing_key"), try String.fetchOne(db, sql: "SELECT password FROM order_subscription") ?? "")
            }
            #expect(!left.0, "the signing key table is gone")
            #expect(left.1.hasPrefix("sealed-v1:") && !left.1.contains("una-password"))
            // A restart with the key file: the ticket sold before the upgrade still verifies.
            try await AppServices.with(configuration) { services in
                let payload = try services.tickets.store.database.read { db in try String.fetchOne(db, sql: "SELECT payload FROM ticket_issued") }
                #expect(try services.tickets.store.verify(#require(payload), at: Date(timeIntervalSince1970: 1_795_804_500)).productCode == "AMT-GE-BUS110")
            }
        }
    }
}
