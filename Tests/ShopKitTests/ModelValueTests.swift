import ShopKit
import Testing

/// The value types under the models: exact decimals, shop dates, multilingual texts.
struct ModelValueTests {
    @Test func decimalsAreExactToSixPlaces() throws {
        #expect(ShopDecimal("16.510000")?.millionths == 16_510_000)
        #expect(ShopDecimal("26.999852")?.millionths == 26_999_852)
        #expect(ShopDecimal("-1")?.millionths == -1_000_000)
        #expect(ShopDecimal("20.000") == ShopDecimal(20))
        #expect(ShopDecimal(".5")?.description == "0.50")
        #expect(ShopDecimal("0.1234560000")?.millionths == 123_456)
        for bad in ["", "-", ".", "1,5", "1e3", "0.1234567", "abc", "1.2.3", " 1", "99999999999999.0"] {
            #expect(ShopDecimal(bad) == nil, "\(bad) accepted")
        }
        let sum = try #require(ShopDecimal("0.1")) + #require(ShopDecimal("0.2"))
        #expect(sum == ShopDecimal("0.3"), "no binary rounding")
        #expect(ShopDecimal(millionths: 16_510_000).webserviceText == "16.510000")
        #expect(ShopDecimal(millionths: -500_000).description == "-0.50")
    }

    @Test func datesAreStrictAndTheZeroDateIsNone() {
        #expect(ShopDateTime("2016-12-07 15:13:52")?.description == "2016-12-07 15:13:52")
        #expect(ShopDateTime("0000-00-00 00:00:00") == nil)
        #expect(ShopDateTime("2016-12-07T15:13:52") == nil && ShopDateTime("2016-12-07") == nil && ShopDateTime("2016-12-07 25:00:00") == nil)
        #expect(ShopDate("1970-01-15") == ShopDate(year: 1970, month: 1, day: 15))
        #expect(ShopDate("0000-00-00") == nil && ShopDate("1970-1-15") == nil)
        #expect(ShopDateTime("2016-09-02 08:37:21")! < ShopDateTime("2016-09-13 10:57:58")!)
    }

    @Test func theBestLanguageSkipsMissingAndEmptyTranslations() {
        let text = LocalizedText([1: "Customizable mug", 2: "Mug personnalisable", 3: ""])
        #expect(text.best(preferring: [2]) == "Mug personnalisable")
        #expect(text.best(preferring: [3, 2]) == "Mug personnalisable")
        #expect(text.best(preferring: [9]) == "Customizable mug")
        #expect(LocalizedText([LocalizedText.unspecifiedLanguage: "Only"]).best(preferring: [1]) == "Only")
        #expect(LocalizedText().best() == "")
    }
}
