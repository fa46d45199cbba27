import ShopKit
import Testing

/// Versions from `PSWS-Version` and the features API-NOTES §13 ties to them.
struct PrestaShopVersionTests {
    @Test func versionsParseAndOrderNumerically() throws {
        let recorded = try #require(PrestaShopVersion("1.6.1.9"))
        #expect(recorded.components == [1, 6, 1, 9])
        #expect(try #require(PrestaShopVersion("1.6.1.10")) > recorded)
        #expect(try #require(PrestaShopVersion("8.0")) == PrestaShopVersion("8.0.0"))
        #expect(Set([PrestaShopVersion("8.0"), PrestaShopVersion("8.0.0")]).count == 1)
        for bad in ["", "1.6.x", "v1.6", "1..6", "-1.6", "1.6.1.9.0.1"] {
            #expect(PrestaShopVersion(bad) == nil, "\(bad) was accepted")
        }
    }

    @Test func featuresFollowTheVersion() throws {
        let thesis = try #require(PrestaShopVersion("1.5.6.2"))
        let recorded = try #require(PrestaShopVersion("1.6.1.6"))
        let seven = try #require(PrestaShopVersion("1.7.7.5"))
        let eight = try #require(PrestaShopVersion("8.2.1"))
        let nine = try #require(PrestaShopVersion("9.0.3"))
        #expect(!thesis.hasJSONOutput && recorded.hasJSONOutput && PrestaShopVersion("1.6.0.8")?.hasJSONOutput == false)
        #expect(!seven.hasPatch && eight.hasPatch && nine.hasPatch)
        #expect(!recorded.hashesPasswordsWithBcrypt && seven.hashesPasswordsWithBcrypt)
        #expect(recorded.orderCartRulesResource == "order_discounts" && seven.orderCartRulesResource == "order_cart_rules")
        #expect(thesis.rootShopNameAttribute == "shop_name" && recorded.rootShopNameAttribute == "shopName")
        #expect(!eight.customerSecureKeyIsReadOnly && nine.customerSecureKeyIsReadOnly)
    }
}
