import Foundation
import ShopKit
import ShopReplay
import Testing

/// The catalogue and the shop's information through the facade, against the OCA recordings
/// (PrestaShop 1.6.1): every expected value is read from the recorded files.
@Suite(.serialized, .enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct FacadeCatalogueTests {
    @Test func aCategoryAndItsProductIDsAreTheRecordedOnes() async throws {
        let name = try FacadeFixtures.text("get_categories_3.xml", "//name/language[@id='1']")
        let ids = try FacadeFixtures.texts("get_categories_3.xml", "//associations/products/product/id").compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, _ in
            let category = try await shop.catalogue.category(id: 3)
            #expect(category.name?[1] == name)
            #expect(name == "Women")
            let productIDs = try await shop.catalogue.productIDs(inCategory: 3)
            #expect(productIDs == ids)
            #expect(productIDs.count == 7)
        }
    }

    @Test func productOneWithItsCombinationsAndOptionValues() async throws {
        let file = "get_products_1.xml"
        let name = try FacadeFixtures.text(file, "//name/language[@id='1']")
        let combinationIDs = try FacadeFixtures.texts(file, "//associations/combinations/combination/id").compactMap { Int($0) }
        let valueIDs = try FacadeFixtures.texts(file, "//associations/product_option_values/product_option_value/id").compactMap { Int($0) }
        let firstValueName = try FacadeFixtures.text(
            "product_option_values/get_product_option_values_\(valueIDs.first ?? 0).xml", "//name/language[@id='1']")
        let firstCombinationValues = try FacadeFixtures.texts(
            "get_combinations_\(combinationIDs.first ?? 0).xml", "//associations/product_option_values/product_option_value/id").compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, _ in
            let product = try await shop.catalogue.product(id: 1)
            #expect(product.name?[1] == name)
            #expect(name == "Faded Short Sleeves T-shirt")
            #expect(product.price == ShopDecimal("16.510000"))
            #expect(product.taxRulesGroupID == 1)
            let combinations = try await shop.catalogue.combinations(of: product)
            #expect(combinations.compactMap(\.id) == combinationIDs)
            #expect(combinations.allSatisfy { $0.productID == 1 })
            #expect(combinations.first?.optionValueIDs == firstCombinationValues)
            #expect(!firstCombinationValues.isEmpty)
            let values = try await shop.catalogue.optionValues(of: product)
            #expect(values.compactMap(\.id) == valueIDs)
            #expect(values.first?.name?[1] == firstValueName)
        }
    }

    @Test func theWholeDetailHasNoDiscountUntilTheShopHasOne() async throws {
        // No recording holds specific_prices: the replay answers the empty list a shop without
        // discounts gives, and the one a POST creates afterwards.
        try await FacadeFixtures.withFacade { server, shop, _ in
            let plain = try await shop.catalogue.productDetail(id: 1)
            #expect(plain.specificPrices.isEmpty)
            #expect(plain.combinations.count == plain.product.combinationIDs?.count)
            let created = await server.write("POST", "specific_prices", xml: """
                <prestashop><specific_price><id_product>1</id_product><id_shop>1</id_shop><id_cart>0</id_cart>\
                <id_currency>0</id_currency><id_country>0</id_country><id_group>0</id_group><id_customer>0</id_customer>\
                <price>-1</price><from_quantity>1</from_quantity><reduction>0.200000</reduction><reduction_type>percentage</reduction_type>\
                <from>0000-00-00 00:00:00</from><to>0000-00-00 00:00:00</to></specific_price></prestashop>
                """)
            #expect(created.status == 201)
            let discounted = try await shop.catalogue.productDetail(id: 1)
            #expect(discounted.specificPrices.map(\.reduction) == [ShopDecimal("0.2")])
            let offers = try await shop.catalogue.specialOffers()
            #expect(offers.map(\.id) == [1])
        }
    }

    @Test func theTaxedPriceIsExact() throws {
        let rate = try #require(ShopDecimal(try FacadeFixtures.text("taxes/get_taxes_1.xml", "//rate") ?? ""))
        let price = try #require(ShopDecimal(try FacadeFixtures.text("get_products_1.xml", "/prestashop/product/price") ?? ""))
        #expect(rate == ShopDecimal("20.000"))
        #expect(price.addingTax(percent: rate) == ShopDecimal("19.812"))
        #expect(ShopDecimal("0.010000")!.addingTax(percent: ShopDecimal("21")!) == ShopDecimal("0.012100"))
        #expect(ShopDecimal("0.000001")!.addingTax(percent: ShopDecimal("50")!) == ShopDecimal("0.000002"), "half rounds away from zero")
    }

    @Test func theCategoryTreeFromTheRecordedCategories() async throws {
        // No recording holds `categories?display=full`; the replay builds it from the five
        // recorded category records, written as 1.6 writes them.
        var records = ""
        for id in 1...5 {
            let text = String(decoding: try ReplayFixtures.bytes(FacadeFixtures.responses, "get_categories_\(id).xml"), as: UTF8.self)
            let start = try #require(text.range(of: "<category>"))
            let end = try #require(text.range(of: "</category>", options: .backwards))
            records += text[start.lowerBound..<end.upperBound] + "\n"
        }
        let list = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n<categories>\n\(records)</categories>\n</prestashop>\n".utf8)
        let names = try (1...5).map { try FacadeFixtures.text("get_categories_\($0).xml", "//name/language[@id='1']") }
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            let tree = try await ShopFacade(sender: client).catalogue.categoryTree()
            #expect(tree.categories.count == 5)
            #expect(tree.roots.map(\.id) == [1])
            #expect(tree.path(to: 5).compactMap { $0.name?[1] } == names.compactMap { $0 })
            #expect(names.last == "T-shirts")
            #expect(tree.children(of: 2).compactMap(\.id) == [3])
            let requests = await server.requests()
            #expect(requests.map(\.description) == ["GET /api/categories?display=full → 200"])
            let generated = try await client.send(WebserviceRequest.list("categories").display(.full))
            // An XML parser reads a CR LF inside a value as LF (XML 1.0 §2.11), so the records'
            // `\r\n` come back as `\n`: the same document to every XML reader.
            let recorded = String(decoding: list, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            #expect(String(decoding: generated.body, as: UTF8.self) == recorded)
        }
    }

    @Test func carriersLanguagesCurrenciesAndTheShopName() async throws {
        let carrierName = try FacadeFixtures.text("get_carriers_2.xml", "/prestashop/carrier/name")
        let carrierIDs = try FacadeFixtures.texts("get_carriers__filter_deleted_0.xml", "//carrier/@id").compactMap { Int($0) }
        let language = try FacadeFixtures.text("get_languages_1.xml", "/prestashop/language/name")
        let currency = try FacadeFixtures.text("get_currencies_1.xml", "/prestashop/currency/name")
        let shopName = try FacadeFixtures.text("get_shops_1.xml", "/prestashop/shop/name")
        try await FacadeFixtures.withFacade { _, shop, _ in
            #expect(try await shop.checkout.carrierIDs() == carrierIDs)
            #expect(carrierIDs == [1, 2])
            let carrier = try await shop.checkout.carrier(id: 2)
            #expect(carrier.name == carrierName && carrierName == "My carrier")
            #expect(try await shop.information.languages().map(\.name) == [language])
            let currencies = try await shop.information.currencies()
            #expect(currencies.map { $0.name?.best() } == [currency])
            #expect(currency == "Pound")
            #expect(try await shop.information.name() == shopName)
        }
    }

    @Test func aCustomerAndTheirAddresses() async throws {
        let email = try FacadeFixtures.text("get_customers_1.xml", "/prestashop/customer/email")
        let city = try FacadeFixtures.text("get_addresses_1.xml", "/prestashop/address/city")
        let addressIDs = try FacadeFixtures.texts("get_addresses__filter_id_customer_1_limit_0_1000.xml", "//address/@id").compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, _ in
            let customer = try await shop.customers.customer(id: 1)
            #expect(customer.email == email)
            // Customer 1 has addresses 1 and 4; only address 1's record is recorded.
            #expect(try await shop.customers.addressIDs(ofCustomer: 1) == addressIDs)
            let address = try await shop.customers.address(id: 1)
            #expect(address.city == city && city == "Paris")
            #expect(address.customerID == 1)
        }
    }
}
