import BarcodeKit
import BarcodeWallet
import Foundation
import Testing

/// What a scanned text leads to: web addresses open, everything else is searched for.
@Suite struct ScannedTextMeaningTests {
    @Test(arguments: [
        ("http://example.com/a?b=c", "http://example.com/a?b=c"),
        ("https://www.unipd.it/", "https://www.unipd.it/"),
        ("HTTPS://EXAMPLE.COM/PATH", "HTTPS://EXAMPLE.COM/PATH"),
        ("  https://example.com\n", "https://example.com"),
    ])
    func httpAndHttpsAddressesOpenAsTheyAre(text: String, expected: String) {
        let meaning = ScannedTextMeaning.classify(text, format: .qrCode)
        #expect(meaning.kind == .website)
        #expect(meaning.link?.absoluteString == expected)
        #expect(meaning.country == nil)
    }

    @Test func aBareWWWAddressOpensOverHTTPS() {
        let meaning = ScannedTextMeaning.classify("www.unipd.it/ateneo", format: .qrCode)
        #expect(meaning.kind == .website)
        #expect(meaning.link?.absoluteString == "https://www.unipd.it/ateneo")
        #expect(ScannedTextMeaning.classify("WWW.Example.org", format: .code128).link?.absoluteString == "https://WWW.Example.org")
    }

    @Test func plainTextIsSearchedForWithEveryReservedCharacterEncoded() {
        let meaning = ScannedTextMeaning.classify("Caffè & biscotti #1 = 2+3?", format: .qrCode)
        #expect(meaning.kind == .webSearch)
        #expect(meaning.link?.absoluteString == "https://duckduckgo.com/?q=Caff%C3%A8%20%26%20biscotti%20%231%20%3D%202%2B3%3F")
    }

    @Test(arguments: [
        "javascript:alert(document.cookie)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "ftp://example.com/file",
        "https://",
        "www.",
        "https://exa mple.com",
        "see www.example.com",
    ])
    func anythingElseBecomesASearchNeverALink(text: String) throws {
        let meaning = ScannedTextMeaning.classify(text, format: .qrCode)
        #expect(meaning.kind == .webSearch)
        #expect(meaning.link?.scheme == "https")
        #expect(meaning.link?.host == "duckduckgo.com")
        let link = try #require(meaning.link)
        let query = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "q" }?.value)
        #expect(query == text)
    }

    @Test func anEANIsSearchedForAndToldItsGS1Country() {
        let german = ScannedTextMeaning.classify("4006381333931", format: .ean13)
        #expect(german.kind == .product)
        #expect(german.link?.absoluteString == "https://duckduckgo.com/?q=4006381333931")
        #expect(german.country == "Germany")
        // 800–839 is GS1 Italy; check digit 7 worked by hand.
        #expect(ScannedTextMeaning.classify("8001234567897", format: .ean13).country == "Italy, San Marino & Vatican City")
        // UPC-E 04252614 expands to UPC-A 042100005264: GS1 US.
        #expect(ScannedTextMeaning.classify("04252614", format: .upcE).country == "United States & Canada")
    }

    @Test func aVeryLongTextIsSearchedForByItsBeginning() throws {
        let text = String(repeating: "a", count: 3_000)
        let meaning = ScannedTextMeaning.classify(text, format: .qrCode)
        let link = try #require(meaning.link)
        let query = try #require(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        #expect(query == String(repeating: "a", count: 500))
    }
}
