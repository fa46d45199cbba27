@testable import ShopWeb
import ShopKit
import Testing
import WebTestSupport

/// Amounts written as the shop writes them. The expected strings are the outside rules, not
/// this code's output: PrestaShop 1.6's `tools.js` `formatCurrency` for the five `format`s
/// (`formatNumber(price, 2, thousands, decimal)` with `blank` as the space), and CLDR's
/// currency patterns and symbols for en-US ("¤#,##0.00", "," and ".") and it-IT ("#,##0.00 ¤",
/// "." and ",").
struct CurrencySignTests {
    static func amount(_ text: String) -> ShopDecimal { ShopDecimal(text)! }

    static func currency(format: Int? = nil, blank: Bool? = nil, iso: String, pattern: String? = nil) -> Currency {
        var currency = Currency()
        currency.format = format
        currency.blank = blank
        currency.isoCode = iso
        if let pattern { currency.pattern = LocalizedText([1: pattern]) }
        return currency
    }

    @Test(arguments: [
        (1, false, "£1,234.50"), (1, true, "£ 1,234.50"), (2, true, "1 234,50 £"), (3, false, "£1.234,50"),
        (4, true, "1,234.50 £"), (5, false, "£1'234.50"),
    ])
    func theFivePrestaShop16Formats(format: Int, blank: Bool, expected: String) {
        let sign = CurrencySign.placing("£", currency: Self.currency(format: format, blank: blank, iso: "GBP"), locale: nil, languageID: 1)
        #expect(ShopMoney.text(Self.amount("1234.5"), sign: sign) == expected)
    }

    @Test func anItalianShopWritesADecimalCommaAndTheSignAfter() {
        let sign = CurrencySign.placing("€", currency: Self.currency(iso: "EUR"), locale: "it-IT", languageID: 1)
        #expect(ShopMoney.text(Self.amount("23.9"), sign: sign) == "23,90 €")
        #expect(ShopMoney.text(Self.amount("1234.5"), sign: sign) == "1.234,50 €")
        #expect(ShopMoney.text(Self.amount("-5"), sign: sign) == "-5,00 €")
    }

    @Test func anAmericanShopWritesTheSignFirstWithNoSpace() {
        let sign = CurrencySign.placing("$", currency: Self.currency(iso: "USD"), locale: "en-US", languageID: 1)
        #expect(ShopMoney.text(Self.amount("23.9"), sign: sign) == "$23.90")
        #expect(ShopMoney.text(Self.amount("1234567.891"), sign: sign) == "$1,234,567.89")
    }

    @Test func theShopsOwnPatternPlacesTheSignAndTheLocaleKeepsTheSeparators() {
        let sign = CurrencySign.placing("€", currency: Self.currency(iso: "EUR", pattern: "¤ #,##0.00"), locale: "it-IT", languageID: 1)
        #expect(ShopMoney.text(Self.amount("1234.5"), sign: sign) == "€ 1.234,50")
    }

    @Test func aShopWithNoLocaleStillShowsAnAmount() {
        let sign = CurrencySign.placing("EUR", currency: nil, locale: nil, languageID: 1)
        #expect(ShopMoney.text(Self.amount("0.005"), sign: sign) == "0.01 EUR", "half a cent rounds up")
    }
}
