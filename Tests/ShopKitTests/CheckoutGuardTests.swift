import Foundation
import ShopKit
import ShopReplay
import Testing

/// The checks before an order (issue 41, faults 3 and 7): the shop's own price for each line,
/// and a voucher's last use taken once however many orders ask for it at the same moment.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct CheckoutGuardTests {
    /// Order 9's cart to Milan by carrier 2, priced by the calculator.
    static func quote(_ shop: ShopFacade) async throws -> CartQuote {
        try await shop.prices.quote(
            CartQuoteRequest(
                lines: [.init(productID: 1, combinationID: 2, quantity: 1), .init(productID: 6, quantity: 1), .init(productID: 16, combinationID: 29, quantity: 3)],
                countryID: 10, stateID: 183, carrierID: 2, groupID: 3),
            now: Live812.recordedAt)
    }

    @Test("a line the shop prices differently is named; the replay, which knows no price for these parameters, leaves every line unchecked")
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
