import BarcodeWallet
import Credentials
import Foundation
import GRDB
import Testing

/// Log-in, sessions that expire after 30 days, log-out, and rehashing at log-in.
@Suite struct SessionTests {
    @Test func loggingInGivesATokenThatIdentifiesTheUser() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let session = try wallet.store.logIn(nickname: "mario", password: "correct horse battery")
        #expect(session.user == mario)
        #expect(session.expires == wallet.clock.now.addingTimeInterval(30 * 24 * 3_600))
        #expect(wallet.store.user(forSession: session.token) == mario)
        // The nickname is found whatever its case; the database holds the digest, not the token.
        #expect(try wallet.store.logIn(nickname: "MARIO", password: "correct horse battery").user == mario)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_session WHERE token_digest = ?", [session.token]) == 0)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_session WHERE token_digest = ?", [SessionToken.digest(session.token)]) == 1)
    }

    @Test func aWrongPasswordAndAnUnknownNicknameGiveTheSameError() throws {
        let wallet = try WalletFixture()
        _ = try wallet.register("mario")
        #expect(throws: WalletError.wrongPassword) { try wallet.store.logIn(nickname: "mario", password: "correct horse batterY") }
        #expect(throws: WalletError.wrongPassword) { try wallet.store.logIn(nickname: "luigi", password: "correct horse battery") }
        #expect(WalletError.wrongPassword.code == "wrong password")
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_session") == 0)
    }

    @Test func aSessionLastsThirtyDaysByTheClock() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let session = try wallet.store.logIn(nickname: "mario", password: "correct horse battery")
        wallet.clock.advance(by: 30 * 24 * 3_600 - 1)
        #expect(wallet.store.user(forSession: session.token) == mario)
        wallet.clock.advance(by: 1)
        #expect(wallet.store.user(forSession: session.token) == nil)
        #expect(try wallet.store.deleteExpiredSessions() == 1)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_session") == 0)
    }

    @Test func loggingOutEndsOnlyThatSession() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let phone = try wallet.store.logIn(nickname: "mario", password: "correct horse battery")
        let laptop = try wallet.store.logIn(nickname: "mario", password: "correct horse battery")
        #expect(phone.token != laptop.token)
        #expect(wallet.store.logOut(token: phone.token))
        #expect(wallet.store.user(forSession: phone.token) == nil)
        #expect(wallet.store.user(forSession: laptop.token) == mario)
        #expect(!wallet.store.logOut(token: phone.token))
    }

    @Test func unknownAndEmptyTokensAreNobody() throws {
        let wallet = try WalletFixture()
        _ = try wallet.register("mario")
        #expect(wallet.store.user(forSession: "") == nil)
        #expect(wallet.store.user(forSession: SessionToken.generate()) == nil)
    }

    @Test func aHashOfAnOlderCostIsReplacedAtLogIn() throws {
        let database = try DatabaseQueue()
        let older = try WalletFixture(hasher: PasswordHasher(cost: .init(logRounds: 9, blockSize: 8, parallelism: 1)), database: database)
        let mario = try older.register("mario")
        let storedHash = { try database.read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM barcode_user WHERE id = ?", arguments: [mario.id]) } }
        #expect(try storedHash()?.hasPrefix("scrypt$ln=9$") == true)

        let current = try WalletFixture(database: database)
        _ = try current.store.logIn(nickname: "mario", password: "correct horse battery")
        #expect(try storedHash()?.hasPrefix("scrypt$ln=10$") == true)
        #expect(try current.store.logIn(nickname: "mario", password: "correct horse battery").user == mario)
    }
}
