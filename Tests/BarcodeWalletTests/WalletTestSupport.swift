import BarcodeWallet
import Credentials
import Foundation
import GRDB

/// A clock tests move by hand, so sessions can expire without waiting.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// 2025-11-23 10:00:00 UTC.
    init(_ start: Date = Date(timeIntervalSince1970: 1_763_892_000)) {
        current = start
    }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }
}

/// A wallet on a fresh in-memory database, with the cheap test cost for scrypt.
struct WalletFixture {
    let store: WalletStore
    let database: DatabaseQueue
    let clock: TestClock

    init(hasher: PasswordHasher = PasswordHasher(cost: .testing), database: DatabaseQueue? = nil) throws {
        let clock = TestClock()
        let database = try database ?? DatabaseQueue()
        self.clock = clock
        self.database = database
        store = try WalletStore(database: database, hasher: hasher, now: { clock.now })
    }

    static func profile(_ nickname: String, password: String = "correct horse battery") -> NewProfile {
        NewProfile(
            nickname: nickname, password: password, firstName: "Mario", lastName: "Rossi",
            address: "Via Roma 1, 35100 Padova", email: "\(nickname)@example.com")
    }

    /// Registers `nickname` with the default test password.
    func register(_ nickname: String) throws -> WalletUser {
        try store.register(Self.profile(nickname))
    }

    func count(_ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? -1 }
    }
}
