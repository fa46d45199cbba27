import Foundation
import ShopKit
import Testing

/// Carts of our own for the round types the shop was not recorded in, worked by hand from the
/// unit prices PrestaShop 8.1.2 computed itself (`prices/combinations_price_fields.xml`:
/// combination 22 `it_incl_6dec` 23.058000 and `excl_6dec` 18.900000, combination 32 15.738000
/// and 12.900000) and the 7.00 + 22 % = 8.54 of carrier 2 to Italy; `PS_ROUND_TYPE` 2 is the
/// shop's own (cart s01, stored at 63.07).
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct PricingRoundTypeTests {
    static let request = CartQuoteRequest(
        lines: [.init(productID: 9, combinationID: 22, quantity: 1), .init(productID: 17, combinationID: 32, quantity: 2)],
        countryID: 10, stateID: 0, carrierID: 2, groupID: 3)

    static func quote(_ shop: ShopFacade, roundType: PriceRoundingType) async throws -> CartQuote {
        var catalogue = try await shop.prices.catalogue(productIDs: [9, 17], groupID: 3, countryID: 10, stateID: 0, carrierIDs: [2])
        catalogue.settings.roundType = roundType
        return try CartCalculator(catalogue: catalogue).quote(request, now: Live812.recordedAt)
    }

    @Test("each item (1): 23.06 + 2 × 15.74 = 54.54 and 18.90 + 2 × 12.90 = 44.70; paid 54.54 + 8.54 = 63.08")
    func roundedByItem() async throws {
        try await Live812.withShop { shop in
            let quote = try await Self.quote(shop, roundType: .item)
            #expect(Live812.cents(quote.products.taxIncluded) == "54.54")
            #expect(Live812.cents(quote.products.taxExcluded) == "44.70")
            #expect(Live812.cents(quote.paid.taxIncluded) == "63.08")
            #expect(Live812.cents(quote.paid.taxExcluded) == "51.70")
        }
    }

    @Test("each line (2), the shop's own: lines 23.06 and 31.48 make 54.54, but paid is 23.058 + 31.476 + 8.54 = 63.074 → 63.07")
    func roundedByLine() async throws {
        try await Live812.withShop { shop in
            let quote = try await Self.quote(shop, roundType: .line)
            #expect(Live812.cents(quote.products.taxIncluded) == "54.54")
            #expect(Live812.cents(quote.paid.taxIncluded) == "63.07")
        }
    }

    @Test("the total only (3): 23.058 + 31.476 = 54.534 → 54.53; paid 63.074 → 63.07")
    func roundedOnTheTotal() async throws {
        try await Live812.withShop { shop in
            let quote = try await Self.quote(shop, roundType: .total)
            #expect(Live812.cents(quote.products.taxIncluded) == "54.53")
            #expect(Live812.cents(quote.products.taxExcluded) == "44.70")
            #expect(Live812.cents(quote.paid.taxIncluded) == "63.07")
        }
    }
}
