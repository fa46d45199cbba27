import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// What an agent types into the master-data forms: prices the Italian or the English way,
/// minimum quantities, cascaded discount levels; every refusal names its field.
@Suite struct MasterDataInputTests {
    @Test func aPriceIsReadWithACommaOrAPointAndNeverRounded() throws {
        #expect(try MasterDataInput.price("49,90") == UnitPrice(cents: 4990))
        #expect(try MasterDataInput.price("49.9") == UnitPrice(cents: 4990))
        #expect(try MasterDataInput.price(" € 12 ") == UnitPrice(cents: 1200))
        #expect(try MasterDataInput.price("0,05") == UnitPrice(cents: 5))
    }

    /// Issue 20: Italian and international notation, up to six decimals.
    @Test func aPriceIsReadInItalianAndInternationalNotationToSixDecimals() throws {
        #expect(try MasterDataInput.price("1.234,50") == UnitPrice(cents: 123_450))
        #expect(try MasterDataInput.price("1,234.50") == UnitPrice(cents: 123_450))
        #expect(try MasterDataInput.price("1.234.567,8") == UnitPrice(cents: 123_456_780))
        #expect(try MasterDataInput.price("1 234,50") == UnitPrice(cents: 123_450))
        #expect(try MasterDataInput.price("0,0325") == UnitPrice(micros: 32_500))
        #expect(try MasterDataInput.price("12,345") == UnitPrice(micros: 12_345_000))
        #expect(try MasterDataInput.price("0.000001") == UnitPrice(micros: 1))
        #expect(UnitPrice(micros: 32_500)?.formattedItalian == "0,0325 €")
        #expect(UnitPrice(micros: 1_234_500_000)?.formattedItalian == "1.234,50 €")
        #expect(UnitPrice(micros: 32_500)?.plainText == "0.0325")
        // 1000 screws at 0,0325 €, 10 % off: 29,25 €; rounded only on the total.
        #expect(UnitPrice(micros: 32_500)?.total(quantity: 1_000, factor: Decimal(string: "0.9")!) == Money(cents: 2925))
        #expect(UnitPrice(micros: 32_500)?.total(quantity: 1) == Money(cents: 3))
    }

    @Test(arguments: ["1.23,50", "12,3456789", "1,2,3.4.5", "abc", "-3", "4 9", "1.234.56", "12..5"])
    func aPriceThatIsNotOneIsRefusedNamingThePrice(_ typed: String) {
        #expect(throws: MasterDataInputError(field: .price, problem: .notAPrice(typed))) { try MasterDataInput.price(typed) }
    }

    @Test func aMissingPriceSaysItIsRequired() {
        #expect(throws: MasterDataInputError(field: .price, problem: .missing)) { try MasterDataInput.price("  ") }
        let message = MasterDataInputError(field: .price, problem: .missing).errorDescription ?? ""
        #expect(message.contains("price is required"))
    }

    @Test func aMinimumQuantityIsAWholeNumberOfAtLeastOneAndEmptyMeansOne() throws {
        #expect(try MasterDataInput.minimumQuantity("") == 1)
        #expect(try MasterDataInput.minimumQuantity(" 6 ") == 6)
        for typed in ["0", "2.5", "-1", "tre"] {
            #expect(throws: MasterDataInputError(field: .minimumQuantity, problem: .notAMinimumQuantity(typed))) {
                try MasterDataInput.minimumQuantity(typed)
            }
        }
    }

    @Test func discountLevelsAreReadAsExactDecimals() throws {
        #expect(try MasterDataInput.discountLevels("10+5+2") == [10, 5, 2])
        #expect(try MasterDataInput.discountLevels("10 % + 5 %") == [10, 5])
        #expect(try MasterDataInput.discountLevels("2,5") == [Decimal(string: "2.5")!])
        #expect(try MasterDataInput.discountLevels("12.75") == [Decimal(string: "12.75")!])
    }

    @Test func discountLevelsOutsideTheRulesAreRefusedWithTheRule() {
        #expect(throws: MasterDataInputError(field: .discountLevels, problem: .invalidLevels(.levelOutOfRange(level: 2, value: 120)))) {
            try MasterDataInput.discountLevels("10+120")
        }
        #expect(throws: MasterDataInputError(field: .discountLevels, problem: .invalidLevels(.levelCount(4)))) {
            try MasterDataInput.discountLevels("10+5+2+1")
        }
        #expect(throws: MasterDataInputError(field: .discountLevels, problem: .notDiscountLevels("10++5"))) {
            try MasterDataInput.discountLevels("10++5")
        }
        #expect(throws: MasterDataInputError(field: .discountLevels, problem: .missing)) { try MasterDataInput.discountLevels("") }
        let message = MasterDataInputError(field: .discountLevels, problem: .invalidLevels(.levelOutOfRange(level: 1, value: 150))).errorDescription ?? ""
        #expect(message.contains("between 0 and 100"))
    }
}
