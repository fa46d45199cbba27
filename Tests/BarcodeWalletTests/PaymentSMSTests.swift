import BarcodeKit
import BarcodeWallet
import Foundation
import Testing

/// The payment SMS: composed from the profile and the code, one message long.
@Suite struct PaymentSMSTests {
    static func user(first: String = "Mario", last: String = "Rossi", address: String = "Via Roma 1, 35100 Padova",
                     email: String = "mario.rossi@example.com") -> WalletUser {
        WalletUser(id: 2, nickname: "mario", firstName: first, lastName: last, address: address, email: email, isDefault: false)
    }

    static func code(_ text: String = "4006381333931", format: BarcodeFormat = .ean13) -> SavedCode {
        SavedCode(id: 1, format: format, text: text, description: "Pens", savedAt: Date(timeIntervalSince1970: 0),
                  ownerID: 2, ownerNickname: "mario", isOwn: true)
    }

    @Test func theMessageCarriesTheCodeNameAddressAndEmail() {
        #expect(PaymentSMS.compose(user: Self.user(), code: Self.code())
            == "PAY 4006381333931 Mario Rossi, Via Roma 1, 35100 Padova, mario.rossi@example.com")
    }

    @Test func theDefaultUsersMessageIsTheCodeAlone() {
        let everyone = WalletUser(id: 1, nickname: "everyone", firstName: "", lastName: "", address: "", email: "", isDefault: true)
        #expect(PaymentSMS.compose(user: everyone, code: Self.code()) == "PAY 4006381333931")
    }

    @Test func aLongAddressIsCutFromItsEndToFitOneSMS() throws {
        let address = "Via delle Rose 12, " + String(repeating: "Scala B Interno ", count: 12)
        let message = PaymentSMS.compose(user: Self.user(address: address), code: Self.code())
        // ASCII only, so characters are septets.
        #expect(message.count <= 160)
        #expect(message.count >= 145)
        #expect(message.hasPrefix("PAY 4006381333931 Mario Rossi, Via delle Rose 12, Scala B"))
        #expect(message.hasSuffix(", mario.rossi@example.com"))
        let kept = message.dropFirst("PAY 4006381333931 Mario Rossi, ".count).dropLast(", mario.rossi@example.com".count)
        #expect(address.hasPrefix(kept))
        #expect(!kept.hasSuffix(" "))
    }

    @Test func aCharacterOutsideTheGSMAlphabetMakesTheLimitSeventy() {
        let message = PaymentSMS.compose(user: Self.user(first: "Łukasz", last: "Nowak", email: "lukasz@example.pl"), code: Self.code())
        #expect(message.utf16.count <= 70)
        #expect(message.hasPrefix("PAY 4006381333931 Łukasz Nowak, Via"))
        #expect(message.hasSuffix(", lukasz@example.pl"))
    }

    @Test func aVeryLongNameLosesAddressAndEmailFirstThenIsCut() {
        let user = Self.user(first: String(repeating: "Maria", count: 20), last: String(repeating: "Bianchi", count: 14))
        let message = PaymentSMS.compose(user: user, code: Self.code())
        #expect(message.count <= 160)
        #expect(message.hasPrefix("PAY 4006381333931 MariaMaria"))
        #expect(!message.contains("@"))
        #expect(!message.contains("Via Roma"))
    }

    @Test func theCodeIsNeverCutEvenWhenItAloneIsLongerThanOneSMS() {
        let text = String(repeating: "0123456789", count: 20)
        #expect(PaymentSMS.compose(user: Self.user(), code: Self.code(text, format: .qrCode)) == "PAY " + text)
    }

    @Test func lineBreaksInTheCodeBecomeSpaces() {
        let message = PaymentSMS.compose(user: Self.user(), code: Self.code("LINE 1\nLINE\t2", format: .qrCode))
        #expect(message.hasPrefix("PAY LINE 1 LINE 2 Mario Rossi,"))
    }

    /// 3GPP TS 23.038: 160 septets; the extension table's characters (here €) take two; anything
    /// outside the alphabet means UCS-2 and 70 code units.
    @Test func oneSMSIs160GSMSeptetsOr70UCS2Units() {
        #expect(PaymentSMS.fitsOneMessage(String(repeating: "a", count: 160)))
        #expect(!PaymentSMS.fitsOneMessage(String(repeating: "a", count: 161)))
        #expect(PaymentSMS.fitsOneMessage(String(repeating: "a", count: 158) + "€"))
        #expect(!PaymentSMS.fitsOneMessage(String(repeating: "a", count: 159) + "€"))
        #expect(PaymentSMS.fitsOneMessage(String(repeating: "è", count: 160)))
        #expect(PaymentSMS.fitsOneMessage(String(repeating: "e\u{300}", count: 160)))
        #expect(PaymentSMS.fitsOneMessage(String(repeating: "ł", count: 70)))
        #expect(!PaymentSMS.fitsOneMessage(String(repeating: "ł", count: 71)))
        #expect(!PaymentSMS.fitsOneMessage(String(repeating: "a", count: 70) + "ł"))
    }
}
