import Amounts
import Foundation
import OrderKit
import Testing

/// What an agent types into the master-data forms: prices the Italian or the English way,
/// minimum quantities, cascaded discount levels; every refusal names its field.
@Suite struct MasterDataInputTests {
    @Test func aPriceIsReadWithACommaOrAPointAndNeverRounded() throws {
        #expect(try MasterDataInput.price("49,90") == Money(cents: 4990))
        #expect(try MasterDataInput.price("49.9") == Money(cents: 4990))
        #expect(try MasterDataInput.price(" € 12 ") == Money(cents: 1200))
        #expect(try MasterDataInput.price("0,05") == Money(cents: 5))
    }

    @Test(arguments: ["1.234,50", "12,345", "abc", "-3", "4 9"])
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
