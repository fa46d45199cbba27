import BarcodeKit
import BarcodeWallet
import Foundation
import Testing

/// Issue 39 (seed 001 §11.1.2: save an EAN-13): a book's ISBN with its price add-on decoded as
/// "978073520044951299" was classed as a product with no country, and saving it failed with
/// "EAN_13 has 13 digits, not 18". The expected numbers are ZXing's for the fixtures' photos
/// (`ean13-extension-1/*.txt`), parted by hand: 13 digits of the ISBN, then the 5 of the add-on.
@Suite struct AddOnCodeTests {
    static let zxingTexts = [
        ("978073520044951299", "9780735200449", "51299"),
        ("978088427178952495", "9780884271789", "52495"),
        ("978039305867352595", "9780393058673", "52595"),
        ("978155860497190000", "9781558604971", "90000"),
        ("978020175284755999", "9780201752847", "55999"),
    ]

    @Test func aDecodedISBNWithItsPriceIsSavedAsTheNumberAndItsAddOn() throws {
        let wallet = try WalletFixture()
        let mario = try wallet.register("mario")
        for (decoded, isbn, price) in Self.zxingTexts {
            let saved = try wallet.store.save(format: .ean13, text: decoded, description: nil, userID: mario.id)
            #expect(saved.text == isbn && saved.addOn == price, "\(decoded)")
            #expect(wallet.store.savedCode(id: saved.id, for: mario.id)?.addOn == price)
            // The same book typed with a space is the same code.
            #expect(throws: WalletError.self) { try wallet.store.save(format: .ean13, text: "\(isbn) \(price)", description: nil, userID: mario.id) }
        }
        // A bare number keeps no add-on; a number with a wrong check digit is still refused.
        #expect(try wallet.store.save(format: .ean13, text: "4006381333931", description: nil, userID: mario.id).addOn == nil)
        #expect(throws: WalletError.self) { try wallet.store.save(format: .ean13, text: "978073520044851299", description: nil, userID: mario.id) }
    }

    @Test func anISBNWithAnAddOnLeadsToTheBook() {
        for (decoded, isbn, _) in Self.zxingTexts {
            let meaning = ScannedTextMeaning.classify(decoded, format: .ean13)
            #expect(meaning.kind == .book && meaning.link?.absoluteString == "https://openlibrary.org/isbn/\(isbn)", "\(decoded)")
        }
    }

    /// ISSN 0378-5955 (the ISSN article's example, the journal Hearing Research); its EAN-13,
    /// 977 + 0378595 + 00 + check digit 2, worked by hand: 1·(9+7+3+8+9+0) + 3·(7+0+7+5+5+0) = 36 + 72 = 108.
    @Test func anISSNWithItsIssueLeadsToTheMagazine() {
        #expect(ScannedTextMeaning.issn(fromEAN13: "9770378595002") == "0378-5955")
        let meaning = ScannedTextMeaning.classify("977037859500212", format: .ean13)
        #expect(meaning.kind == .magazine)
        #expect(meaning.link?.absoluteString == "https://portal.issn.org/resource/ISSN/0378-5955")
        #expect(MainAndAddOn("977037859500212", format: .ean13) == MainAndAddOn(main: "9770378595002", addOn: "12"))
    }
}
