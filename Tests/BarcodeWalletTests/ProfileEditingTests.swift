import BarcodeWallet
import Foundation
import Testing

/// Issue 24: a profile could not be edited, and its password could not be changed.
@Suite struct ProfileEditingTests {
    @Test func theDetailsTheSMSUsesAreChangedAndCheckedAsAtRegistration() throws {
        let wallet = try WalletFixture()
        let user = try wallet.store.register(WalletFixture.profile("giulia"))
        let changed = try wallet.store.updateProfile(userID: user.id, .init(firstName: " Giulia ", lastName: "Bianchi", address: "Via 8 Febbraio 2, Padova", email: "giulia@unipd.it"))
        #expect(changed.firstName == "Giulia" && changed.lastName == "Bianchi" && changed.email == "giulia@unipd.it" && changed.nickname == "giulia")
        #expect(throws: WalletError.invalidProfile(field: "e-mail address", problem: "\"not-an-address\" does not look like an address; write it as name@example.com")) {
            try wallet.store.updateProfile(userID: user.id, .init(firstName: "G", lastName: "B", address: "A", email: "not-an-address"))
        }
        #expect(throws: WalletError.defaultUser) {
            try wallet.store.updateProfile(userID: WalletUser.defaultID, .init(firstName: "G", lastName: "B", address: "A", email: "a@b.it"))
        }
    }

    @Test func aPasswordChangeNeedsTheCurrentOneAndEndsTheOtherSessions() throws {
        let wallet = try WalletFixture()
        let user = try wallet.store.register(WalletFixture.profile("giulia", password: "correct horse battery"))
        let here = try wallet.store.logIn(nickname: "giulia", password: "correct horse battery")
        let elsewhere = try wallet.store.logIn(nickname: "giulia", password: "correct horse battery")
        #expect(throws: WalletError.wrongPassword) {
            try wallet.store.changePassword(userID: user.id, current: "a guess", new: "another long password", keepingSession: here.token)
        }
        #expect(throws: WalletError.self) {
            try wallet.store.changePassword(userID: user.id, current: "correct horse battery", new: "short", keepingSession: here.token)
        }
        try wallet.store.changePassword(userID: user.id, current: "correct horse battery", new: "another long password", keepingSession: here.token)
        #expect(wallet.store.user(forSession: here.token)?.id == user.id, "this session stays")
        #expect(wallet.store.user(forSession: elsewhere.token) == nil, "a session left open elsewhere ends")
        #expect(throws: WalletError.wrongPassword) { try wallet.store.logIn(nickname: "giulia", password: "correct horse battery") }
        #expect(try wallet.store.logIn(nickname: "giulia", password: "another long password").user.id == user.id)
    }
}
