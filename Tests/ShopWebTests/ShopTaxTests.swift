@testable import ShopWeb
@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import HummingbirdTesting
import ShopKit
import Testing

/// Prices with tax. The recordings hold no configuration and no tax rule, so the shop's
/// default country and its rule are written to the replay first, as a back office would set
/// them: PS_COUNTRY_DEFAULT = 17 (the United Kingdom) and tax rule group 1 → tax 1 there.
/// Products/1 costs 16.510000 before tax and taxes/1 is 20.000 %, both recorded.
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopTaxTests {
    static let defaultCountry = """
        <prestashop><configuration><name>PS_COUNTRY_DEFAULT</name><value>17</value></configuration></prestashop>
        """
    static let ukRate = """
        <prestashop><tax_rule><id_tax_rules_group>1</id_tax_rules_group><id_state>0</id_state><id_country>17</id_country>\
        <zipcode_from>0</zipcode_from><zipcode_to>0</zipcode_to><id_tax>1</id_tax><behavior>0</behavior><description></description></tax_rule></prestashop>
        """

    @Test func theRecordedFiguresThisTestReliesOn() throws {
        let responses = ShopFixtures.folder.appendingPathComponent("responses")
        let product = try String(contentsOf: responses.appendingPathComponent("get_products_1.xml"), encoding: .utf8)
        let tax = try String(contentsOf: responses.appendingPathComponent("taxes/get_taxes_1.xml"), encoding: .utf8)
        #expect(product.contains("<price><![CDATA[16.510000]]></price>"))
        #expect(product.contains("<id_tax_rules_group xlink:href=\"http://172.22.0.4/api/tax_rule_groups/1\"><![CDATA[1]]></id_tax_rules_group>"))
        #expect(tax.contains("<rate><![CDATA[20.000]]></rate>"))
    }

    @Test func pricesIncludeTheDefaultCountrysTax() async throws {
        try await withShopApp { client, harness in
            try await harness.create("configurations", Self.defaultCountry)
            try await harness.create("tax_rules", Self.ukRate)
            var browser = ShopBrowser(client)
            // 16.51 + 20 % = 19.812.
            let page = try await browser.get("/shop/products/1")
            #expect(page.status == .ok)
            #expect(page.text.contains("£ 19.81"))
            #expect(page.text.contains("Prices include the tax of United Kingdom"))
            #expect(!page.text.contains("£ 16.51"), "the price before tax is not shown")
        }
    }

    @Test func aPercentageReductionComesOffTheTaxedPrice() async throws {
        // Written before the first visit: the storefront caches the shop's answers for five
        // minutes, so a reduction made later shows after that.
        try await withShopApp { client, harness in
            try await harness.create("configurations", Self.defaultCountry)
            try await harness.create("tax_rules", Self.ukRate)
            try await harness.create("specific_prices", ShopWholePathTests.twentyPercentOff)
            var browser = ShopBrowser(client)
            // 20 % off 19.812: 19.812 − 3.9624 = 15.8496.
            let page = try await browser.get("/shop/products/1")
            #expect(page.text.contains("£ 19.81") && page.text.contains("£ 15.85"))
            let api = try await browser.json("/api/shop/products/1", method: .get)
            #expect(api.status == .ok)
            #expect(api.text.contains("15.85") && api.text.contains("19.81"))
        }
    }
}
