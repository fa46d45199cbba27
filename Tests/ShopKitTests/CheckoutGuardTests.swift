import Foundation
import ShopKit
import ShopReplay
import Testing

/// The checks before an order (issue 41, faults 3 and 7): the shop's own price for each line,
/// and a voucher's last use taken once however many orders ask for it at the same moment.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct CheckoutGuardTests {
    /// Order 9's cart to Milan by carrier 2, priced by the calculator.
    static func quote(_ shop: ShopFacade, countryID: Int = 10, stateID: Int = 183) async throws -> CartQuote {
        try await shop.prices.quote(
            CartQuoteRequest(
                lines: [.init(productID: 1, combinationID: 2, quantity: 1), .init(productID: 6, quantity: 1), .init(productID: 16, combinationID: 29, quantity: 3)],
                countryID: countryID, stateID: stateID, carrierID: 2, groupID: 3),
            now: Live812.recordedAt)
    }

    @Test("a line the shop prices differently is named; the replay, which recorded no price for Milan's state, leaves every line unchecked")
    func theShopsOwnPriceDecides() async throws {
        try await Live812.withShop { shop in
            let quote = try await Self.quote(shop)
            let unrecorded = try await shop.prices.check(quote, countryID: 10, stateID: 183, groupID: 3)
            #expect(unrecorded.count == 3)
            #expect(unrecorded.allSatisfy { !$0.checked && !$0.disagrees })
        }
        try await ReplayFixtures.withShop(Live812.folder) { server, client, _ in
            let shop = ShopFacade(sender: client)
            let quote = try await Self.quote(shop)
            // The shop answering 23.33 for the t-shirt where the calculator says 23.3264 (19.12 + 22 %).
            await server.stub(path: "products", headers: [(name: "Content-Type", value: "text/xml;charset=utf-8")], body: Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <prestashop><products><product><id><![CDATA[1]]></id><oracle_incl><![CDATA[23.330000]]></oracle_incl>\
                <oracle_excl><![CDATA[19.120000]]></oracle_excl></product></products></prestashop>
                """.utf8))
            let checks = try await shop.prices.check(quote, countryID: 10, stateID: 183, groupID: 3)
            let tshirt = try #require(checks.first { $0.productID == 1 })
            #expect(tshirt.checked && tshirt.disagrees)
            #expect(tshirt.shopTaxIncluded == 23.33 && Live812.micros(tshirt.ours.taxIncluded) == "23.326400")
        }
    }

    @Test("the replay answers the check with PrestaShop's own recorded computation where it made one, and with nothing once prices were written")
    func theRecordedPricesAnswerTheCheck() async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let shop = ShopFacade(sender: client)
            // To Italy without a state, group 3, one of each: what `it_incl_6dec` computed.
            let italy = try await shop.prices.check(try await Self.quote(shop, stateID: 0), countryID: 10, stateID: 0, groupID: 3)
            #expect(italy.count == 3)
            // `prices/combinations_price_fields.xml` (combination 2) and `products_price_fields.xml` (product 6).
            #expect(italy[0].shopTaxIncluded == 23.3264 && italy[0].shopTaxExcluded == nil)
            #expect(italy[1].shopTaxIncluded == 12.518 && italy[1].shopTaxExcluded == nil)
            #expect(!italy[2].checked, "three of combination 29: the recording priced quantity 3 at 2 decimals only")
            #expect(italy.filter(\.checked).allSatisfy { !$0.disagrees }, "\(italy)")
            // To the United States without a state: `excl_6dec`, the default country's.
            let states = try await shop.prices.check(try await Self.quote(shop, countryID: 21, stateID: 0), countryID: 21, stateID: 0, groupID: 3)
            #expect(states[0].shopTaxExcluded == 19.12 && states[1].shopTaxExcluded == 9.9 && states[0].shopTaxIncluded == nil)
            #expect(states.filter(\.checked).allSatisfy { !$0.disagrees }, "\(states)")
            // A specific price written since: the recorded figures are no longer the shop's.
            _ = try await client.send(.create("specific_prices", xml: Array("""
                <prestashop><specific_price><id_shop_group>0</id_shop_group><id_shop>0</id_shop><id_cart>0</id_cart><id_product>6</id_product>\
                <id_product_attribute>0</id_product_attribute><id_currency>0</id_currency><id_country>0</id_country><id_group>0</id_group>\
                <id_customer>0</id_customer><price>-1</price><from_quantity>1</from_quantity><reduction>1.000000</reduction>\
                <reduction_tax>1</reduction_tax><reduction_type>amount</reduction_type><from>0000-00-00 00:00:00</from>\
                <to>0000-00-00 00:00:00</to></specific_price></prestashop>
                """.utf8)))
            let afterWrite = try await shop.prices.check(try await Self.quote(shop, stateID: 0), countryID: 10, stateID: 0, groupID: 3)
            #expect(afterWrite.allSatisfy { !$0.checked })
        }
    }

    @Test("two customers taking the last use of a one-use code at once: one gets it, the other is told it has no use left")
    func theLastUseIsTakenOnce() async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let shop = ShopFacade(sender: client)
            let welcome = try #require(try await shop.checkout.cartRule(code: "WELCOME5"))
            var lastOne = welcome
            lastOne.id = nil
            lastOne.code = "LASTONE"
            lastOne.quantity = 1
            let body = ShopRequestBody.create(lastOne, version: try #require(PrestaShopVersion("8.1.2")))
            let created = try await client.send(.create("cart_rules", xml: Array(body.utf8)))
            let rule = try CartRule.one(in: try WebserviceDocument(xml: created.body))
            async let first = Self.outcome { try await shop.checkout.redeem(rule, forCustomer: 5, errorStateID: 8) }
            async let second = Self.outcome { try await shop.checkout.redeem(rule, forCustomer: 6, errorStateID: 8) }
            let outcomes = await [first, second]
            #expect(outcomes.filter { $0 == "granted" }.count == 1, "\(outcomes)")
            #expect(outcomes.contains("The voucher “LASTONE” cannot be used: it has no use left."), "\(outcomes)")
            let after = try await shop.checkout.cartRule(code: "LASTONE")
            #expect(after?.quantity == 0)
        }
    }

    static func outcome(_ body: () async throws -> CartRule) async -> String {
        do {
            _ = try await body()
            return "granted"
        } catch {
            return "\(error)"
        }
    }
}
