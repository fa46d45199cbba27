@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Credentials
import Foundation
import OrderKit
import Storage
import Testing
@testable import BottegaWeb

/// An account's agent file is created on its first request; requests that arrive together must
/// all get the one store, never a "database is locked" from opening the new file twice.
@Suite struct AgentStoresOpeningTests {
    @Test func requestsOpeningANewAccountsFileTogetherShareOneStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agent-stores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path
        let keys = try KeyFile.open(path: path + ".keys")
        let stores = AgentStores(first: try AgentStore(database: try SQLiteFile.open(path: path), keys: keys), firstAccount: 1, keys: keys)

        for account: Int64 in 2...6 {
            let opened = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 {
                    group.addTask { ObjectIdentifier(try stores.store(for: account).database as AnyObject) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(opened.count == 1, "account \(account): \(opened.count) stores")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bottega.sqlite.agents/agent-\(account).sqlite").path))
        }
    }
}
