import ShopKit
import Testing

/// Catalogue models decoded from the recorded 1.6.1 answers.
@Suite(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
struct ModelCatalogueTests {
    @Test func productOneHasItsNamePricesCategoriesAndCombinations() throws {
        let product = try Product.one(in: try DocumentFixtures.response("get_products_1.xml"))
        #expect(product.id == 1)
        #expect(product.name == LocalizedText([1: "Faded Short Sleeves T-shirt"]))
        #expect(product.linkRewrite?[1] == "faded-short-sleeves-tshirt")
        #expect(product.availableNow?.best() == "In stock")
        #expect(product.descriptionShort?.best().hasPrefix("<p>Faded short sleeves t-shirt with high neckline.") == true)
        #expect(product.price == ShopDecimal(millionths: 16_510_000))
        #expect(product.wholesalePrice?.description == "4.95")
        #expect(product.additionalShippingCost == ShopDecimal(0))
        #expect(product.taxRulesGroupID == 1 && product.categoryDefaultID == 5 && product.defaultImageID == 1)
        #expect(product.manufacturerName == "Fashion Manufacturer" && product.quantity == 0)
        #expect(product.active == true && product.condition == "new" && product.reference == "demo_1")
        #expect(product.isNew == nil, "the 1.6 shop sends <new></new>")
        #expect(product.availableDate == nil, "0000-00-00 is no date")
        #expect(product.dateAdd?.description == "2016-12-07 15:13:52")
        #expect(product.categoryIDs == [2, 3, 4, 5])
        #expect(product.imageIDs == [1, 2, 3, 4])
        #expect(product.combinationIDs == [1, 2, 3, 4, 5, 6])
        #expect(product.optionValueIDs == [1, 13, 14, 2, 3])
        #expect(product.features?.map(\.featureValueID) == [5, 11, 17])
        #expect(product.stockAvailables?.first?.id == 1 && product.stockAvailables?.first?.productAttributeID == 0)
        #expect(product.stockAvailables?.count == 7)
        #expect(product.tagIDs == [], "<tags/> is an empty association")
    }

    @Test func combinationsCarryTheirOptionValuesAndImages() throws {
        let first = try Combination.one(in: try DocumentFixtures.response("get_combinations_1.xml"))
        #expect(first.productID == 1 && first.isDefault == true && first.quantity == 100)
        #expect(first.price == ShopDecimal(0))
        #expect(first.optionValueIDs == [1, 13])
        #expect(first.imageIDs == [1, 2])
        let second = try Combination.one(in: try DocumentFixtures.response("get_combinations_2.xml"))
        #expect(second.isDefault == nil, "<default_on></default_on> is not a boolean")
    }

    @Test func optionsAndTheirValues() throws {
        let size = try ProductOption.one(in: try DocumentFixtures.response("get_product_options_1.xml"))
        #expect(size.name?.best() == "Size" && size.groupType == "select" && size.isColorGroup == false)
        #expect(size.valueIDs == [1, 2, 3, 4])
        let color = try ProductOption.one(in: try DocumentFixtures.response("get_product_options_3.xml"))
        #expect(color.publicName?.best() == "Color")
        #expect(color.valueIDs == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 24])
        let small = try ProductOptionValue.one(in: try DocumentFixtures.response("product_option_values/get_product_option_values_1.xml"))
        #expect(small.name?.best() == "S" && small.attributeGroupID == 1 && small.color == "")
    }

    @Test func categoriesFormATreeByParentAndLevelDepth() throws {
        let categories = try (1...5).map { try Category.one(in: try DocumentFixtures.response("get_categories_\($0).xml")) }
        let home = categories[1]
        #expect(home.name?.best() == "Home" && home.levelDepth == 1 && home.isRootCategory == true)
        #expect(home.productCountRecursive == 7)
        #expect(home.childIDs == [3] && home.productIDs == Array(1...7))
        let tree = CategoryTree(categories)
        #expect(tree.roots.map(\.id) == [1])
        #expect(tree.path(to: 5).compactMap { $0.name?.best() } == ["Root", "Home", "Women", "Tops", "T-shirts"])
        #expect(tree.children(of: 3).map(\.id) == [4])
        #expect(tree.categories(atDepth: 3).map(\.id) == [4])
    }

    @Test func taxesAndTaxRuleGroups() throws {
        let tax = try Tax.one(in: try DocumentFixtures.response("taxes/get_taxes_1.xml"))
        #expect(tax.rate == ShopDecimal(20) && tax.name?.best() == "VAT UK 20%" && tax.active == true)
        let group = try TaxRuleGroup.one(in: try DocumentFixtures.response("get_tax_rule_groups_1.xml"))
        #expect(group.name == "UK Standard Rate (20%)" && group.deleted == false)
        #expect(try DocumentFixtures.response("get_tax_rule_groups__limit_0_1000.xml").references("tax_rule_group").map(\.id) == [1, 2, 3])
    }

    @Test func stockAvailables() throws {
        let stock = try StockAvailable.one(in: try DocumentFixtures.response("get_stock_availables_1.xml"))
        #expect(stock.productID == 1 && stock.productAttributeID == 0 && stock.quantity == 1799 && stock.outOfStock == 2)
        let listed = try StockAvailable.all(in: try DocumentFixtures.response("get_stock_availables__limit_0_1000_display_id_id_product_id_product_attribute.xml"))
        #expect(listed.count == 52)
        #expect(listed.filter { $0.productID == 1 }.count == 7)
        #expect(listed.allSatisfy { $0.quantity == nil }, "display=[id,id_product,id_product_attribute] has no quantity")
    }

    @Test func specificPricesFromTheDocumentationSchema() throws {
        // No recorded answer holds a specific price; the 8.x blank schema has every field, empty.
        let blank = try SpecificPrice.one(in: try DocumentFixtures.document("\(DocumentFixtures.docs8)/blank-schemas/specific_prices.xml"))
        #expect(blank.id == nil && blank.price == nil && blank.from == nil && blank.reductionType == "")
        let body = "<prestashop><specific_price><id>4</id><id_product>2</id_product><price>-1.000000</price><from_quantity>1</from_quantity>"
            + "<reduction>0.150000</reduction><reduction_tax>1</reduction_tax><reduction_type>percentage</reduction_type>"
            + "<from>0000-00-00 00:00:00</from><to>2024-03-31 23:59:59</to></specific_price></prestashop>"
        let price = try SpecificPrice.one(in: try WebserviceDocument(xml: body))
        #expect(price.price == ShopDecimal(-1) && price.reduction?.description == "0.15" && price.reductionType == "percentage")
        #expect(price.from == nil && price.to?.description == "2024-03-31 23:59:59")
    }
}
