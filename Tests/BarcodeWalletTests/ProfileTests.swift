import BarcodeWallet
import Credentials
import Foundation
import GRDB
import Storage
import Testing

/// Registration, its validation, and the built-in default user.
@Suite struct ProfileTests {
    @Test func aValidProfileIsRegisteredWithTrimmedFieldsAndAHashedPassword() throws {
        let wallet = try WalletFixture()
        var profile = WalletFixture.profile("mario.rossi_1")
        profile.firstName = "  Mario "
        let user = try wallet.store.register(profile)
        #expect(user.nickname == "mario.rossi_1")
        #expect(user.firstName == "Mario")
        #expect(user.lastName == "Rossi")
        #expect(user.address == "Via Roma 1, 35100 Padova")
        #expect(user.email == "mario.rossi_1@example.com")
        #expect(!user.isDefault)
        #expect(user.id != WalletUser.defaultID)
        let stored = try wallet.database.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM barcode_user WHERE id = ?", arguments: [user.id])
        }
        #expect(stored?.hasPrefix("scrypt$ln=10$r=8$p=1$") == true)
        #expect(stored?.contains("correct horse") == false)
    }

    @Test func aNicknameIsTakenWhateverItsCase() throws {
        let wallet = try WalletFixture()
        _ = try wallet.register("Mario")
        #expect(throws: WalletError.nicknameTaken("mario")) { try wallet.register("mario") }
        #expect(throws: WalletError.nicknameTaken("MARIO")) { try wallet.register("MARIO") }
        // The default user's nickname is taken from the start.
        #expect(throws: WalletError.nicknameTaken("Everyone")) { try wallet.register("Everyone") }
        #expect(WalletError.nicknameTaken("mario").code == "nickname taken")
    }

    @Test(arguments: ["ab", String(repeating: "a", count: 33), "mario rossi", "màrio", "mario@home", "аdmin", ""])
    func aBadNicknameIsRefused(nickname: String) throws {
        let wallet = try WalletFixture()
        #expect {
            try wallet.store.register(WalletFixture.profile(nickname))
        } throws: { error in
            // The fixture's e-mail address is made of the nickname, so it may be wrong too: all are named at once.
            switch error as? WalletError {
            case .invalidProfile(let field, _)?: return field == "nickname"
            case .invalidProfileFields(let problems)?: return problems.first?.field == "nickname"
            default: return false
            }
        }
    }

    @Test func nicknamesOfThreeAndThirtyTwoCharactersAreAccepted() throws {
        let wallet = try WalletFixture()
        _ = try wallet.register("abc")
        _ = try wallet.register("A-b.c_" + String(repeating: "9", count: 26))
    }

    @Test(arguments: ["mario", "mario@", "@example.com", "mario@localhost", "mario@example.", "mario@@example.com", "ma rio@example.com", "mario@exa..mple.com"])
    func anImplausibleEmailIsRefused(email: String) throws {
        let wallet = try WalletFixture()
        var profile = WalletFixture.profile("mario")
        profile.email = email
        #expect {
            try wallet.store.register(profile)
        } throws: { error in
            guard case .invalidProfile(let field, let problem) = error as? WalletError else { return false }
            return field == "e-mail address" && problem.contains("name@example.com")
        }
    }

    /// Issue 39: the form refused each empty field one at a time.
    @Test func everyMissingFieldIsReportedAtOnce() throws {
        let wallet = try WalletFixture()
        let blank = NewProfile(nickname: "mario", password: "correct horse battery", firstName: "", lastName: " ", address: "", email: "")
        #expect(throws: WalletError.invalidProfileFields([
            FieldProblem(field: "first name", problem: "is empty; fill it in"),
            FieldProblem(field: "last name", problem: "is empty; fill it in"),
            FieldProblem(field: "address", problem: "is empty; fill it in"),
            FieldProblem(field: "e-mail address", problem: "\"\" does not look like an address; write it as name@example.com"),
        ])) { try wallet.store.register(blank) }
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user WHERE nickname = 'mario'") == 0)
    }

    @Test func namesAndAddressAreRequiredAndBounded() throws {
        let wallet = try WalletFixture()
        var long = WalletFixture.profile("mario")
        long.lastName = String(repeating: "x", count: 101)
        #expect(throws: WalletError.invalidProfile(field: "last name", problem: "has 101 characters; shorten it to at most 100")) {
            try wallet.store.register(long)
        }
        var empty = WalletFixture.profile("mario")
        empty.firstName = "   "
        #expect(throws: WalletError.invalidProfile(field: "first name", problem: "is empty; fill it in")) {
            try wallet.store.register(empty)
        }
        var twoLines = WalletFixture.profile("mario")
        twoLines.address = "Via Roma 1\n35100 Padova"
        #expect(throws: WalletError.self) { try wallet.store.register(twoLines) }
        var hundred = WalletFixture.profile("mario")
        hundred.firstName = String(repeating: "y", count: 100)
        #expect(try wallet.store.register(hundred).firstName.count == 100)
    }

    @Test func aWeakPasswordIsRefusedWithThePolicysAdvice() throws {
        let wallet = try WalletFixture()
        #expect {
            try wallet.store.register(WalletFixture.profile("mario", password: "short"))
        } throws: { error in
            guard let error = error as? WalletError, case .invalidPassword = error else { return false }
            return error.code == "invalid password" && (error.errorDescription ?? "").contains("at least 8")
        }
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user") == 1)
    }

    @Test func theDefaultUserExistsWithTheFixedIDAndNoPassword() throws {
        let wallet = try WalletFixture()
        let row = try wallet.database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, nickname, password_hash FROM barcode_user WHERE id = 1")
        }
        #expect(row?["nickname"] == "everyone")
        #expect(row?["password_hash"] as String? == nil)
        #expect(wallet.store.defaultUser.id == 1)
        #expect(wallet.store.defaultUser.nickname == "everyone")
        #expect(wallet.store.defaultUser.isDefault)
    }

    @Test func theDefaultUserCannotBeDeletedNorLoggedInTo() throws {
        let wallet = try WalletFixture()
        #expect(throws: WalletError.defaultUser) { try wallet.store.deleteProfile(userID: WalletUser.defaultID, password: "") }
        #expect(WalletError.defaultUser.code == "default user")
        #expect(throws: WalletError.wrongPassword) { try wallet.store.logIn(nickname: "everyone", password: "") }
        // Not even SQL that bypasses the store can delete it.
        #expect(throws: DatabaseError.self) {
            try wallet.database.write { db in try db.execute(sql: "DELETE FROM barcode_user WHERE id = 1") }
        }
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user WHERE id = 1") == 1)
    }

    @Test func aFileDatabaseOpensInWALModeAndKeepsItsData() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let hasher = PasswordHasher(cost: .testing)
        let first = try WalletStore(database: try SQLiteFile.open(path: path), hasher: hasher)
        let user = try first.register(WalletFixture.profile("mario"))
        let mode = try first.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let reopened = try WalletStore(database: try SQLiteFile.open(path: path), hasher: hasher)
        #expect(try reopened.logIn(nickname: "mario", password: "correct horse battery").user == user)
    }
}
