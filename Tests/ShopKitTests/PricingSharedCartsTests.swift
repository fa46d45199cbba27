import Foundation
import ShopKit
import Testing
import TestSupport

/// The ten carts PrestaShop 8.1.2 itself priced (`ps-8.1.2-pricing`, recorded apart from the
/// catalogue the calculator reads): each one's eight order totals and its lines, to the cent.
@Suite(.enabled(if: Live812.available && SharedCarts.available, Live812.skipReason))
struct PricingSharedCartsTests {
    @Test("all 10 carts: the eight totals PrestaShop stored, each to the cent")
    func totals() async throws {
        let scenarios = try SharedCarts.scenarios()
        #expect(scenarios.count == 10)
        try await Live812.withShop { shop in
            for scenario in scenarios {
                let quote = try await shop.prices.quote(try scenario.request(), now: Live812.recordedAt)
                let stored = scenario.prestashop
                let computed: [(String, Double)] = [
                    ("total_products", quote.products.taxExcluded), ("total_products_wt", quote.products.taxIncluded),
                    ("total_shipping_tax_excl", quote.shipping.taxExcluded), ("total_shipping_tax_incl", quote.shipping.taxIncluded),
                    ("total_discounts_tax_excl", quote.discounts.taxExcluded), ("total_discounts_tax_incl", quote.discounts.taxIncluded),
                    ("total_paid_tax_excl", quote.paid.taxExcluded), ("total_paid_tax_incl", quote.paid.taxIncluded),
                ]
                for (field, value) in computed {
                    #expect(Live812.cents(value) == SharedCarts.cents(stored[field]), "\(scenario.name): \(field)")
                }
            }
        }
    }

    @Test("every line of every cart: unit prices to 6 decimals, line totals to the cent")
    func lines() async throws {
        try await Live812.withShop { shop in
            for scenario in try SharedCarts.scenarios() {
                let quote = try await shop.prices.quote(try scenario.request(), now: Live812.recordedAt)
                let storedLines = try #require(scenario.prestashop["lines"] as? [[String: Any]])
                #expect(storedLines.count == quote.lines.count, "\(scenario.name)")
                for stored in storedLines {
                    let product = Int(stored["product_id"] as? String ?? "") ?? 0
                    let combination = Int(stored["product_attribute_id"] as? String ?? "") ?? 0
                    let line = try #require(quote.lines.first { $0.productID == product && $0.combinationID == combination }, "\(scenario.name) \(product)/\(combination)")
                    #expect(Live812.micros(line.unitPrice.taxExcluded) == stored["unit_price_tax_excl"] as? String, "\(scenario.name) \(product)")
                    #expect(Live812.micros(line.unitPrice.taxIncluded) == stored["unit_price_tax_incl"] as? String, "\(scenario.name) \(product)")
                    #expect(Live812.cents(line.total.taxExcluded) == SharedCarts.cents(stored["total_price_tax_excl"]), "\(scenario.name) \(product)")
                    #expect(Live812.cents(line.total.taxIncluded) == SharedCarts.cents(stored["total_price_tax_incl"]), "\(scenario.name) \(product)")
                }
            }
        }
    }

    @Test("s01: the order total is formed from unrounded lines, a cent under the rounded products plus shipping (PS_ROUND_TYPE 2)")
    func oneCentFromUnroundedLines() async throws {
        let scenario = try #require(try SharedCarts.scenarios().first { $0.name == "s01_it_plain_carrier2" })
        try await Live812.withShop { shop in
            let quote = try await shop.prices.quote(try scenario.request(), now: Live812.recordedAt)
            // 23.058 + 2 × 15.738 = 54.534, + 8.54 shipping = 63.074: PrestaShop stored 63.07,
            // though the rounded lines 23.06 + 31.48 and the shipping add up to 63.08.
            #expect(Live812.cents(quote.products.taxIncluded) == "54.54")
            #expect(Live812.cents(quote.paid.taxIncluded) == "63.07")
        }
    }
}

/// `ps-8.1.2-pricing/scenarios.json` (its README): carts and the orders PrestaShop made of them.
enum SharedCarts {
    static let file = SharedFixtures.url("prestashop/ps-8.1.2-pricing/scenarios.json")
    static let available = SharedFixtures.enabled("prestashop/ps-8.1.2-pricing/scenarios.json")

    /// Immutable after reading (`let`s of JSON values), so it may cross into the replay's closures.
    struct Scenario: @unchecked Sendable {
        let name: String
        let customer: [String: Any]
        let cart: [String: Any]
        let prestashop: [String: Any]

        /// The cart as `bottega shop quote` reads it, so the CLI's file format is what is checked.
        func request() throws -> CartQuoteRequest {
            let delivery = cart["id_address_delivery"] as? [String: Any] ?? [:]
            let lines = (cart["lines"] as? [[String: Any]] ?? []).map { line in
                ["product": line["product"] ?? 0, "combination": line["combination"] ?? 0, "quantity": line["quantity"] ?? 0]
            }
            let file: [String: Any] = [
                "lines": lines, "delivery": ["country": delivery["id_country"] ?? 0, "state": delivery["id_state"] ?? 0],
                "carrier": cart["id_carrier"] ?? 0, "group": customer["id_default_group"] ?? 3, "customer": customer["id_customer"] ?? 0,
                "cartRules": cart["cart_rules"] ?? [],
            ]
            return try CartQuoteRequest(json: JSONSerialization.data(withJSONObject: file))
        }
    }

    static func scenarios() throws -> [Scenario] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        return list.map { object in
            Scenario(
                name: object["name"] as? String ?? "", customer: object["customer"] as? [String: Any] ?? [:],
                cart: object["cart"] as? [String: Any] ?? [:], prestashop: object["prestashop"] as? [String: Any] ?? [:])
        }
    }

    /// PrestaShop's 6-decimal amount ("63.070000") at the currency's 2.
    static func cents(_ value: Any?) -> String {
        guard let text = value as? String, let number = Double(text) else { return "(none: \(String(describing: value)))" }
        return String(format: "%.2f", number)
    }
}
