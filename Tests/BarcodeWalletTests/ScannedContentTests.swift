import BarcodeKit
import BarcodeWallet
import Foundation
import Testing

/// Issue 24: every QR content that was not a URL became "Search the web", a Wi-Fi code's password
/// included. Each kind of content now leads to its own action. The texts are written as the
/// generators of each format write them (ZXing's Wi-Fi syntax, DoCoMo's MECARD/MATMSG, vCard 3.0
/// exported by a phone, RFC URIs, a GS1-128 label).
@Suite struct ScannedContentTests {
    func meaning(_ text: String, _ format: BarcodeFormat = .qrCode) -> ScannedTextMeaning {
        ScannedTextMeaning.classify(text, format: format)
    }

    @Test func aWiFiCodeShowsItsNetworkAndPasswordAndIsNeverSearched() {
        let wifi = meaning(#"WIFI:T:WPA;S:Casa Rossi;P:pa\;ss\:word;H:true;;"#)
        #expect(wifi.kind == .wifi && wifi.link == nil && !wifi.needsConfirmation)
        #expect(wifi.content == .wifi(ssid: "Casa Rossi", password: "pa;ss:word", security: "WPA", hidden: true))
        let open = meaning("WIFI:S:Biblioteca;T:nopass;P:;;")
        #expect(open.content == .wifi(ssid: "Biblioteca", password: nil, security: nil, hidden: false))
        #expect(meaning("WIFI:T:WPA;P:secret;;").kind == .webSearch, "a Wi-Fi code without a network is not one")
    }

    @Test func contactsFromMECARDAndVCardDownloadAsVCard() throws {
        let mecard = meaning("MECARD:N:Rossi,Anna;TEL:+390491234567;EMAIL:anna@example.org;ADR:Via Roma 1\\, Padova;;")
        guard case .contact(let contact)? = mecard.content else { Issue.record("not a contact: \(mecard)"); return }
        #expect(contact.name == "Anna Rossi" && contact.phones == ["+390491234567"] && contact.address == "Via Roma 1, Padova")
        #expect(contact.vCard.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Rossi\r\n") && contact.vCard.contains("ADR:;;Via Roma 1\\, Padova;;;;"))
        let vcard = meaning("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Bianchi;Luca;;;\r\nFN:Luca Bianchi\r\nORG:Università di Padova\r\nTEL;TYPE=CELL:+39 333 1234567\r\nEMAIL;TYPE=INTERNET:luca@unipd.it\r\nEND:VCARD")
        guard case .contact(let card)? = vcard.content else { Issue.record("not a contact"); return }
        #expect(card.name == "Luca Bianchi" && card.organisation == "Università di Padova" && card.emails == ["luca@unipd.it"])
        #expect(vcard.kind == .contact && vcard.link == nil)
    }

    @Test func phoneSMSAndEMailCompose() {
        let call = meaning("tel:+39 049 123 4567")
        #expect(call.kind == .phone && call.link?.absoluteString == "tel:+390491234567")
        let sms = meaning("SMSTO:4880105:ATAF")
        #expect(sms.kind == .sms && sms.link?.absoluteString == "sms:4880105?body=ATAF")
        #expect(meaning("sms:+393331234567?body=Ciao%20Anna").content == .sms(number: "+393331234567", body: "Ciao Anna"))
        let mail = meaning("mailto:info@example.org?subject=Ordine%2012&body=Buongiorno")
        #expect(mail.kind == .email && mail.content == .email(to: "info@example.org", subject: "Ordine 12", body: "Buongiorno"))
        #expect(mail.link?.absoluteString == "mailto:info@example.org?subject=Ordine%2012&body=Buongiorno")
        let matmsg = meaning("MATMSG:TO:ordini@example.it;SUB:Preventivo;BODY:Vorrei un preventivo;;")
        #expect(matmsg.content == .email(to: "ordini@example.it", subject: "Preventivo", body: "Vorrei un preventivo"))
        // A number hiding script is not a number.
        #expect(meaning("tel:javascript:alert(1)").kind == .webSearch)
    }

    @Test func aPlaceOpensOnAMap() {
        let place = meaning("geo:45.4079,11.8734?q=Piazza%20dei%20Signori")
        #expect(place.kind == .geo && place.content == .geo(latitude: 45.4079, longitude: 11.8734, query: "Piazza dei Signori"))
        #expect(place.link?.host == "www.openstreetmap.org")
        #expect(meaning("geo:95,11").kind == .webSearch, "a latitude past the pole is not a place")
    }

    @Test func productsBooksAndGS1FieldsAreNamed() throws {
        let product = meaning("4006381333931", .ean13)
        #expect(product.kind == .product && product.country == "Germany")
        let book = meaning("9788804668237", .ean13)
        #expect(book.kind == .book && book.link?.absoluteString == "https://openlibrary.org/isbn/9788804668237")
        let label = meaning("(01)09501101530003(17)260131(10)AB-123", .code128)
        guard case .gs1(let fields)? = label.content else { Issue.record("not GS1: \(label)"); return }
        #expect(fields.map(\.name) == ["GTIN", "Expiry date", "Batch or lot"])
        #expect(fields.map(\.value) == ["09501101530003", "2026-01-31", "AB-123"])
        // As a decoder gives GS1-128: no parentheses, GS after a field of variable length.
        let raw = meaning("0109501101530003\u{1D}10AB-123\u{1D}3103000750", .code128)
        guard case .gs1(let rawFields)? = raw.content else { Issue.record("not GS1: \(raw)"); return }
        #expect(rawFields.map(\.identifier) == ["01", "10", "3103"] && rawFields.last?.value == "0.750")
        #expect(label.kind == .gs1 && label.link != nil)
    }

    @Test func onlyPlainTextIsSearchedAndOnlyAfterConfirming() {
        let text = meaning("Grazie per la visita!")
        #expect(text.kind == .webSearch && text.needsConfirmation)
        #expect(!meaning("https://www.unipd.it").needsConfirmation)
    }
}
