import Foundation
import ShopKit
import Testing
import TestSupport

/// The cart calculator against PrestaShop 8.1.2's own computation: the orders the live
/// recording placed (their stored totals are the shop's) and the prices the webservice
/// computed with `price[NAME][…]` for every product and combination.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct PricingRecordedOrderTests {
    @Test("every recorded order's eight totals, from its own lines, address and carrier")
    func recordedOrders() async throws {
        try await Live812.withShop { shop in
            let orders = try Live812.recordedOrders()
            #expect(orders.count >= 3)
            for order in orders {
                let quote = try await shop.prices.quote(order.request, now: Live812.recordedAt)
                #expect(Live812.cents(quote.products.taxExcluded) == order.totals["total_products"], "order \(order.id)")
                #expect(Live812.cents(quote.products.taxIncluded) == order.totals["total_products_wt"], "order \(order.id)")
                #expect(Live812.cents(quote.shipping.taxExcluded) == order.totals["total_shipping_tax_excl"], "order \(order.id)")
                #expect(Live812.cents(quote.shipping.taxIncluded) == order.totals["total_shipping_tax_incl"], "order \(order.id)")
                #expect(Live812.cents(quote.discounts.taxExcluded) == order.totals["total_discounts_tax_excl"], "order \(order.id)")
                #expect(Live812.cents(quote.discounts.taxIncluded) == order.totals["total_discounts_tax_incl"], "order \(order.id)")
                #expect(Live812.cents(quote.paid.taxExcluded) == order.totals["total_paid_tax_excl"], "order \(order.id)")
                #expect(Live812.cents(quote.paid.taxIncluded) == order.totals["total_paid_tax_incl"], "order \(order.id)")
                for (line, row) in zip(quote.lines, order.rows) {
                    #expect(Live812.micros(line.unitPrice.taxExcluded) == row.unitTaxExcl, "order \(order.id) product \(row.product)")
                    #expect(Live812.micros(line.unitPrice.taxIncluded) == row.unitTaxIncl, "order \(order.id) product \(row.product)")
                }
            }
        }
    }

    @Test("order 10: the cart without delivery_option, its carrier chosen by the shop (1), read back with its shipping and total")
    func orderTenReadBack() async throws {
        try await Live812.withShop { shop in
            let cart = try Cart.one(in: WebserviceDocument(xml: Array(try Data(contentsOf: Live812.folder.appendingPathComponent("requests/flows/order/10_post_cart_without_delivery_option.xml")))))
            let order = try Order.one(in: WebserviceDocument(xml: Array(try Data(contentsOf: Live812.folder.appendingPathComponent("responses/flows/order/12_get_order_carrier_chosen.xml")))))
            let lines = (cart.rows ?? []).map { CartQuoteRequest.Line(productID: $0.productID ?? 0, combinationID: $0.productAttributeID ?? 0, quantity: $0.quantity ?? 0) }
            let address = try #require(try Live812.recordedAddresses()[cart.addressDeliveryID ?? 0])
            let quote = try await shop.prices.quote(
                CartQuoteRequest(lines: lines, countryID: address.country, stateID: address.state, carrierID: try #require(order.carrierID), groupID: 3),
                now: Live812.recordedAt)
            #expect(Live812.cents(quote.shipping.taxIncluded) == order.totalShipping?.description)
            #expect(Live812.cents(quote.paid.taxIncluded) == order.totalPaidTaxIncl?.description)
        }
    }

    @Test("the webservice's computed prices of all products and combinations, field by field")
    func computedPrices() async throws {
        try await Live812.withShop { shop in
            let checks = try Live812.computedPriceChecks()
            #expect(checks.count > 700)
            let catalogues = try await Live812.cataloguesByCountry(shop, productIDs: Array(Set(checks.map(\.product))))
            var mismatches: [String] = []
            for check in checks {
                let calculator = PriceCalculator(catalogue: catalogues[check.countryID]!)
                let context = PriceContext(
                    countryID: check.countryID, stateID: check.stateID, groupID: check.groupID, quantity: check.quantity, now: Live812.recordedAt)
                let price = try calculator.unitPrice(product: check.product, combination: check.combination, context: context, options: check.options)
                if Live812.micros(price) != check.expected { mismatches.append("\(check.label): \(price) ≠ \(check.expected)") }
            }
            #expect(mismatches.isEmpty, "\(mismatches.count) of \(checks.count): \(mismatches.prefix(10))")
        }
    }
}
