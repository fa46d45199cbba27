import BarcodeKit
import BarcodeWallet
import Foundation
import GRDB
import Testing

/// Saving codes, duplicates, the many-to-many storage, history, and who may read or delete what.
@Suite struct SavedCodeTests {
    /// The EAN-13 of the thesis's examples; check digit 1 by GS1's mod-10 rule (worked by hand:
    /// 3·(0+6+8+3+3+3) + (4+0+3+1+3+9) = 69 + 20 = 89, so 1).
    static let ean = "4006381333931"

    @Test func aValidEAN13IsSavedWithItsDescription() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let saved = try wallet.store.save(format: .ean13, text: Self.ean, description: "  Pens ", userID: mario.id)
        #expect(saved.format == .ean13)
        #expect(saved.text == Self.ean)
        #expect(saved.description == "Pens")
        #expect(saved.savedAt == wallet.clock.now)
        #expect(saved.ownerID == mario.id)
        #expect(saved.ownerNickname == "mario")
        #expect(saved.isOwn)
        #expect(wallet.store.savedCode(id: saved.id, for: mario.id) == saved)
    }

    @Test func aWrongCheckDigitIsRefusedWithTheExpectedDigit() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        #expect {
            try wallet.store.save(format: .ean13, text: "4006381333932", description: nil, userID: mario.id)
        } throws: { error in
            guard let error = error as? WalletError, case .invalidCode(.ean13, let problem) = error else { return false }
            return error.code == "invalid code" && problem.contains("check digit is 2") && problem.contains("give 1")
        }
        #expect(throws: WalletError.self) { try wallet.store.save(format: .ean13, text: "400638133393", description: nil, userID: mario.id) }
        #expect(throws: WalletError.self) { try wallet.store.save(format: .ean13, text: "40063813339AB", description: nil, userID: mario.id) }
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_code") == 0)
    }

    @Test func code128AndQRCodeAreCheckedByEncodingThem() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        _ = try wallet.store.save(format: .code128, text: "ABC-123 café", description: nil, userID: mario.id)
        _ = try wallet.store.save(format: .qrCode, text: "https://www.unipd.it/\nPadova €", description: nil, userID: mario.id)
        // Code 128 carries ISO 8859-1 only: "€" is not in it.
        #expect(throws: WalletError.self) { try wallet.store.save(format: .code128, text: "10 €", description: nil, userID: mario.id) }
        #expect(throws: WalletError.self) { try wallet.store.save(format: .qrCode, text: "", description: nil, userID: mario.id) }
        // 3,000 bytes are more than version 40-L holds (2,953).
        #expect(throws: WalletError.self) {
            try wallet.store.save(format: .qrCode, text: String(repeating: "é", count: 1_500), description: nil, userID: mario.id)
        }
    }

    @Test func savingTheSameCodeTwiceIsRefusedWithTheDateOfTheFirst() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let first = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: mario.id)
        wallet.clock.advance(by: 3 * 24 * 3_600)
        #expect(throws: WalletError.duplicate(format: .ean13, text: Self.ean, savedAt: first.savedAt)) {
            try wallet.store.save(format: .ean13, text: Self.ean, description: "again", userID: mario.id)
        }
        let message = WalletError.duplicate(format: .ean13, text: Self.ean, savedAt: first.savedAt).errorDescription
        #expect(message == "You already saved EAN-13 4006381333931 on 2025-11-23.")
        #expect(WalletError.duplicate(format: .ean13, text: Self.ean, savedAt: first.savedAt).code == "duplicate")
        // The same digits as another format are another code.
        _ = try wallet.store.save(format: .code128, text: Self.ean, description: nil, userID: mario.id)
    }

    /// UPC-E 0425261 + check digit 4 is UPC-A 042100005264 (GS1 General Specifications' zero
    /// suppression, last digit 1: manufacturer 42100, item 00526); 6, 7 and 8 digits are one code.
    @Test func theShortFormsOfOneUPCEAreOneCode() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let saved = try wallet.store.save(format: .upcE, text: "425261", description: nil, userID: mario.id)
        #expect(saved.text == "04252614")
        #expect(throws: WalletError.self) { try wallet.store.save(format: .upcE, text: "04252614", description: nil, userID: mario.id) }
    }

    @Test func oneCodeSavedByTwoUsersIsOneRowWithTwoLinks() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let luigi = try wallet.register("luigi")
        let forMario = try wallet.store.save(format: .ean13, text: Self.ean, description: "Mario's", userID: mario.id)
        let forLuigi = try wallet.store.save(format: .ean13, text: Self.ean, description: "Luigi's", userID: luigi.id)
        #expect(forMario.id == forLuigi.id)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_code") == 1)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user_code WHERE code_id = ?", [forMario.id]) == 2)
        #expect(wallet.store.savedCode(id: forMario.id, for: mario.id)?.description == "Mario's")
        #expect(wallet.store.savedCode(id: forMario.id, for: luigi.id)?.description == "Luigi's")
    }

    @Test func historyIsTheUsersCodesAndTheDefaultUsersNewestFirst() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let luigi = try wallet.register("luigi")
        let everyone = wallet.store.defaultUser
        let shared = try wallet.store.save(format: .qrCode, text: "shared by everyone", description: nil, userID: everyone.id)
        wallet.clock.advance(by: 60)
        let marios = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: mario.id)
        wallet.clock.advance(by: 60)
        let luigis = try wallet.store.save(format: .ean8, text: "96385074", description: nil, userID: luigi.id)
        wallet.clock.advance(by: 60)
        let both = try wallet.store.save(format: .code128, text: "BOTH", description: "everyone's", userID: everyone.id)
        wallet.clock.advance(by: 60)
        _ = try wallet.store.save(format: .code128, text: "BOTH", description: "mine", userID: mario.id)

        let history = wallet.store.history(for: mario.id)
        #expect(history.map(\.text) == ["BOTH", Self.ean, "shared by everyone"])
        #expect(history.map(\.isOwn) == [true, true, false])
        #expect(history[0].description == "mine")
        #expect(history[2].ownerNickname == "everyone")
        #expect(!history.contains { $0.id == luigis.id })
        #expect(history.map(\.id) == [both.id, marios.id, shared.id])

        // The default user sees only its own.
        #expect(wallet.store.history(for: everyone.id).map(\.text) == ["BOTH", "shared by everyone"])
        #expect(wallet.store.history(for: everyone.id).allSatisfy { $0.isOwn })
        // Luigi sees the default user's "BOTH" (minute 3) above his own EAN-8 (minute 2).
        #expect(wallet.store.history(for: luigi.id).map(\.text) == ["BOTH", "96385074", "shared by everyone"])
    }

    @Test func anotherUsersCodeCanBeNeitherReadNorDeleted() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let luigi = try wallet.register("luigi")
        let luigis = try wallet.store.save(format: .ean13, text: Self.ean, description: "private", userID: luigi.id)
        #expect(wallet.store.savedCode(id: luigis.id, for: mario.id) == nil)
        #expect(wallet.store.savedCode(id: luigis.id, for: wallet.store.defaultUser.id) == nil)
        #expect(throws: WalletError.notYours(codeID: luigis.id)) { try wallet.store.delete(codeID: luigis.id, by: mario.id) }
        #expect(WalletError.notYours(codeID: luigis.id).code == "not yours")
        #expect(wallet.store.savedCode(id: luigis.id, for: luigi.id) != nil)
        #expect(throws: WalletError.notFound("Code 999")) { try wallet.store.delete(codeID: 999, by: mario.id) }
        #expect(WalletError.notFound("Code 999").code == "not found")
        #expect(wallet.store.savedCode(id: 999, for: mario.id) == nil)
    }

    @Test func theDefaultUsersCodesAreVisibleToAllButDeletableOnlyAsTheDefaultUser() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let everyone = wallet.store.defaultUser
        let shared = try wallet.store.save(format: .ean13, text: Self.ean, description: "for all", userID: everyone.id)
        let seen = try #require(wallet.store.savedCode(id: shared.id, for: mario.id))
        #expect(seen.description == "for all")
        #expect(!seen.isOwn)
        #expect(seen.ownerID == everyone.id)
        #expect(throws: WalletError.notYours(codeID: shared.id)) { try wallet.store.delete(codeID: shared.id, by: mario.id) }
        try wallet.store.delete(codeID: shared.id, by: everyone.id)
        #expect(wallet.store.savedCode(id: shared.id, for: mario.id) == nil)
    }

    @Test func deletingTheLastLinkDeletesTheCodeButASharedCodeStays() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let luigi = try wallet.register("luigi")
        let shared = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: mario.id)
        _ = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: luigi.id)
        let alone = try wallet.store.save(format: .qrCode, text: "only mario", description: nil, userID: mario.id)

        try wallet.store.delete(codeID: alone.id, by: mario.id)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_code WHERE id = ?", [alone.id]) == 0)
        try wallet.store.delete(codeID: shared.id, by: mario.id)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_code WHERE id = ?", [shared.id]) == 1)
        #expect(wallet.store.history(for: mario.id).isEmpty)
        #expect(wallet.store.history(for: luigi.id).map(\.id) == [shared.id])
        #expect(throws: WalletError.notYours(codeID: shared.id)) { try wallet.store.delete(codeID: shared.id, by: mario.id) }
    }

    @Test func deletingAProfileRemovesItsLinksSessionsAndUnsharedCodes() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        let luigi = try wallet.register("luigi")
        let session = try wallet.store.logIn(nickname: "mario", password: "correct horse battery")
        let shared = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: mario.id)
        _ = try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: luigi.id)
        let alone = try wallet.store.save(format: .qrCode, text: "only mario", description: nil, userID: mario.id)

        #expect(throws: WalletError.wrongPassword) { try wallet.store.deleteProfile(userID: mario.id, password: "not the password") }
        #expect(wallet.store.user(forSession: session.token) == mario)

        try wallet.store.deleteProfile(userID: mario.id, password: "correct horse battery")
        #expect(wallet.store.user(forSession: session.token) == nil)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user WHERE id = ?", [mario.id]) == 0)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_session") == 0)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_user_code WHERE user_id = ?", [mario.id]) == 0)
        #expect(try wallet.count("SELECT COUNT(*) FROM barcode_code WHERE id = ?", [alone.id]) == 0)
        #expect(wallet.store.savedCode(id: shared.id, for: luigi.id) != nil)
        #expect(throws: WalletError.wrongPassword) { try wallet.store.logIn(nickname: "mario", password: "correct horse battery") }
        // The nickname is free again.
        _ = try wallet.register("mario")
        #expect(throws: WalletError.notFound("Profile \(mario.id)")) {
            try wallet.store.deleteProfile(userID: mario.id, password: "correct horse battery")
        }
    }

    @Test func aDescriptionIsOptionalAndBounded() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        #expect(try wallet.store.save(format: .qrCode, text: "a", description: "   ", userID: mario.id).description == nil)
        #expect(throws: WalletError.self) {
            try wallet.store.save(format: .qrCode, text: "b", description: String(repeating: "d", count: 201), userID: mario.id)
        }
        #expect(try wallet.store.save(format: .qrCode, text: "c", description: String(repeating: "d", count: 200), userID: mario.id).description?.count == 200)
    }

    @Test func savingForAnUnknownUserIsRefused() throws {
        let wallet = try WalletFixture()
        #expect(throws: WalletError.notFound("Profile 42")) {
            try wallet.store.save(format: .ean13, text: Self.ean, description: nil, userID: 42)
        }
    }
}
