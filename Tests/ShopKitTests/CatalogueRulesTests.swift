import Foundation
import ShopKit
import Testing

/// New arrivals by `PS_NB_DAYS_NEW_PRODUCT` and specials within their dates, on the 8.1.2 replay.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct CatalogueRulesTests {
    @Test("new arrivals are the products added within PS_NB_DAYS_NEW_PRODUCT (20) days")
    func newArrivals() async throws {
        try await Live812.withShop { shop in
            // The demo catalogue was installed on 2026-11-27.
            let fresh = try await shop.catalogue.newArrivals(now: Live812.recordedAt)
            #expect(fresh.count == 19)
            let later = try await shop.catalogue.newArrivals(now: ShopDateTime("2026-12-18 08:38:00")!)
            #expect(later.isEmpty)
        }
    }

    @Test("an expired or future discount is not a special offer; a quantity discount is not either")
    func specialsWithinDates() async throws {
        try await Live812.withShop { shop in
            let now = Live812.recordedAt
            let before = Set(try await shop.catalogue.specialOffers(now: now).compactMap(\.id))
            // Products 1, 2 (demo −20 %), 6, 7 (−2.00), 18 (fixed 10.00), 3 (its combination 15); not 8 (from quantity 3).
            #expect(before == [1, 2, 3, 6, 7, 18])
            for (from, to) in [("2026-01-01 00:00:00", "2026-06-30 23:59:59"), ("2027-01-01 00:00:00", "2027-12-31 23:59:59")] {
                var dated = SpecificPrice()
                dated.shopGroupID = 0
                dated.shopID = 0
                dated.cartID = 0
                dated.productID = 9
                dated.productAttributeID = 0
                dated.currencyID = 0
                dated.countryID = 0
                dated.groupID = 0
                dated.customerID = 0
                dated.specificPriceRuleID = 0
                dated.price = ShopDecimal("-1")
                dated.fromQuantity = 1
                dated.reduction = ShopDecimal("0.5")
                dated.reductionTax = true
                dated.reductionType = "percentage"
                dated.from = ShopDateTime(from)
                dated.to = ShopDateTime(to)
                #expect(!dated.isCurrentOffer(at: now))
            }
        }
    }
}
