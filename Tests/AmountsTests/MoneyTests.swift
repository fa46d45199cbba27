import Foundation
import Testing
import Amounts

/// Prices are exact decimals: parsed strictly, summed without drift, written the same way
/// everywhere, and a JSON string rather than a float.
@Suite struct MoneyTests {
    @Test func parsesPointOrCommaWithUpToTwoDecimals() {
        #expect(Money("1.50")?.cents == 150)
        #expect(Money("1,50")?.cents == 150)
        #expect(Money("1.5")?.cents == 150)
        #expect(Money("2")?.cents == 200)
        #expect(Money("0.05")?.cents == 5)
        #expect(Money("21.00")?.cents == 2_100)
        #expect(Money(" 2.20 ")?.cents == 220)
        #expect(Money("0")?.cents == 0)
    }

    @Test func refusesSignsThirdDecimalsSeparatorsAndGarbage() {
        for text in ["-1.50", "+1.50", "1.505", "1.", ".50", ",5", "", " ", "abc", "1 000", "1.000,00", "1,000.00",
                     "1.5.0", "1,5.0", "1e2", "0x10", "NaN", "€1.50", "1.50€", "١٫٥", "½", "1234567890"] {
            #expect(Money(text) == nil, "\"\(text)\" must be refused")
        }
    }

    @Test func formatsWithTwoDecimalsAndAPointAlways() {
        #expect(Money("1.5")?.formatted == "€1.50")
        #expect(Money("1234,05")?.formatted == "€1234.05")
        #expect(Money.zero.formatted == "€0.00")
        #expect(Money("0.07")?.plainText == "0.07")
        #expect(Money("20")?.plainText == "20.00")
        #expect(Money("2.20")?.currency == "EUR")
    }

    @Test func sumsAndProductsAreExactWhereBinaryFloatsDrift() throws {
        let tenCents = try #require(Money("0.10"))
        let ten = (0..<10).reduce(Money.zero) { total, _ in total + tenCents }
        #expect(ten == Money("1.00"))
        #expect(try #require(Money("0.1")) + #require(Money("0.2")) == Money("0.3"))
        #expect(try #require(Money("2.20")) * 3 == Money("6.60"))
        #expect(try #require(Money("1.70")) * 0 == .zero)
        #expect(try #require(Money("19.50")) * 20 == Money("390.00"))
        #expect(try #require(Money("0.3")).amount == Decimal(string: "0.3"))
    }

    @Test func equalAmountsAreEqualHoweverWritten() throws {
        #expect(Money("1.5") == Money("1,50"))
        #expect(Set([Money("1.5"), Money("1.50"), Money("1,5")]).count == 1)
        #expect(try #require(Money("1.40")) < #require(Money("1.80")))
        #expect(Money(amount: try #require(Decimal(string: "2.2"))) == Money("2.20"))
        #expect(Money(amount: try #require(Decimal(string: "2.205"))) == nil)
        #expect(Money(amount: try #require(Decimal(string: "-1"))) == nil)
        #expect(Money(cents: -1) == nil)
    }

    @Test func isAJSONStringNeverANumber() throws {
        struct Row: Codable, Equatable { var price: Money }
        let json = try JSONEncoder().encode(Row(price: #require(Money("1.5"))))
        #expect(String(decoding: json, as: UTF8.self) == #"{"price":"1.50"}"#)
        #expect(try JSONDecoder().decode(Row.self, from: Data(#"{"price":"2,20"}"#.utf8)) == Row(price: #require(Money("2.20"))))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Row.self, from: Data(#"{"price":1.5}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Row.self, from: Data(#"{"price":"1.505"}"#.utf8)) }
    }
}
