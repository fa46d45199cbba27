import Credentials
import Foundation
import GRDB
import OrderKit
import Storage
import Synchronization
import WebCore

/// Each account's agent data, in a database of its own: the thesis's app kept an agent's
/// customers, price lists and orders on that agent's iPad, and ids the screens and the API pass
/// around (an order's customer, a discount's product) then cannot reach another account's records
/// at all, rather than being checked for it at every query.
///
/// The first account's store is the main database, where the agent's data was before accounts.
/// Another account's is `<database>.agents/agent-<id>.sqlite` (0600, as the main file), or in
/// memory beside an in-memory main database.
package final class AgentStores: Sendable {
    let first: AgentStore
    private let firstAccount: Int64
    /// Where the other accounts' files are; nil keeps them in memory.
    private let folder: URL?
    private let keys: KeyFile
    private let opened = Mutex<[Int64: AgentStore]>([:])

    init(first: AgentStore, firstAccount: Int64, keys: KeyFile) {
        self.first = first
        self.firstAccount = firstAccount
        self.keys = keys
        let path = first.database.path
        folder = path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:") ? nil : URL(fileURLWithPath: path + ".agents")
    }

    /// The account's store, opened (and created) on first use.
    func store(for account: Int64) throws -> AgentStore {
        if account == firstAccount { return first }
        if let store = opened.withLock({ $0[account] }) { return store }
        // Opened under the lock: two requests creating the same file together would both set
        // its journal mode and migrate it, and one could fail with "database is locked" (a 500
        // schemathesis met once). A first open is rare; lookups of opened stores wait on it briefly.
        return try opened.withLock { opened throws -> AgentStore in
            if let existing = opened[account] { return existing }
            let store = try AgentStore(database: try open(account), keys: keys)
            opened[account] = store
            return store
        }
    }

    /// Every account's store that holds anything: the first, and each with a file (or opened in memory).
    func all() throws -> [AgentStore] {
        var accounts = Set(opened.withLock { Array($0.keys) })
        if let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names where name.hasPrefix("agent-") && name.hasSuffix(".sqlite") {
                if let id = Int64(name.dropFirst("agent-".count).dropLast(".sqlite".count)) { accounts.insert(id) }
            }
        }
        accounts.remove(firstAccount)
        return [first] + (try accounts.sorted().map(store(for:)))
    }

    /// Forgets a deleted account's agent data: its file and the file's companions go.
    package func remove(account: Int64) throws {
        guard account != firstAccount else { return }
        let store = opened.withLock { $0.removeValue(forKey: account) }
        try (store?.database as? DatabasePool)?.close()
        guard let folder else { return }
        let path = folder.appendingPathComponent("agent-\(account).sqlite").path
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }

    private func open(_ account: Int64) throws -> any DatabaseWriter {
        guard let folder else { return try DatabaseQueue() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return try SQLiteFile.open(path: folder.appendingPathComponent("agent-\(account).sqlite").path)
    }
}
