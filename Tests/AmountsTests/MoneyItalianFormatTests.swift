import Foundation
import Testing
import Amounts

/// Italian order documents print "1.234,50 €": point for thousands, comma for cents, the sign after.
@Suite struct MoneyItalianFormatTests {
    @Test func groupsThousandsWithPointsAndSeparatesCentsWithAComma() throws {
        #expect(try #require(Money("1234.50")).formattedItalian == "1.234,50 €")
        #expect(try #require(Money("1234567.8")).formattedItalian == "1.234.567,80 €")
        #expect(try #require(Money("100000")).formattedItalian == "100.000,00 €")
        #expect(Money.maximum.formattedItalian == "99.999.999,99 €")
    }

    @Test func smallAmountsHaveNoGroupingAndAlwaysTwoDecimals() throws {
        #expect(Money.zero.formattedItalian == "0,00 €")
        #expect(try #require(Money("0.05")).formattedItalian == "0,05 €")
        #expect(try #require(Money("7")).formattedItalian == "7,00 €")
        #expect(try #require(Money("999.9")).formattedItalian == "999,90 €")
        #expect(try #require(Money("1000")).italianNumber == "1.000,00")
    }

    @Test func italianTextReadsBackAsTheSameAmountOnceGroupingIsRemoved() throws {
        // Money's parser refuses thousands separators on purpose; without them the comma form parses.
        for text in ["0,01", "12,34", "1234,56", "98765432,10"] {
            let money = try #require(Money(text))
            let printed = money.italianNumber.replacingOccurrences(of: ".", with: "")
            #expect(Money(printed) == money)
        }
    }
}
