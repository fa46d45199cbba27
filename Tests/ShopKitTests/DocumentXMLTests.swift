import ShopKit
import Testing

/// The XML shapes of API-NOTES §5, §6 and §9, read from recorded answers.
@Suite(.enabled(if: DocumentFixtures.present, "\(DocumentFixtures.absent)"))
struct DocumentXMLTests {
    @Test func aSingleRecordKeepsItsFieldsInOrderWithLinksAndGetterMarks() throws {
        let product = try DocumentFixtures.response("get_products_1.xml").record("product")
        #expect(product.id == 1)
        #expect(product.fields.first?.name == "id")
        #expect(product.fields.count == 61)
        let category = try #require(product.field("id_category_default"))
        #expect(category.text == "5")
        #expect(category.href == "http://172.22.0.4/api/categories/5")
        #expect(product.field("manufacturer_name")?.notFilterable == true)
        #expect(product.field("manufacturer_name")?.text == "Fashion Manufacturer")
        #expect(product.field("price")?.notFilterable == false)
        #expect(product.field("new")?.text == "")
        #expect(product.field("price")?.text == "16.510000")
    }

    @Test func i18nFieldsBecomeOneTextPerLanguage() throws {
        let product = try DocumentFixtures.response("get_products_1.xml").record("product")
        #expect(product.field("name")?.value == .languages([
            LanguageValue(languageID: 1, text: "Faded Short Sleeves T-shirt", href: "http://172.22.0.4/api/languages/1"),
        ]))
        // The documentation's two-language product (its `...` lines are plain text between fields).
        let mug = try DocumentFixtures.document("\(DocumentFixtures.docs8)/examples/tutorials__advanced-use__multilang-fields__1.xml").record("product")
        guard case .languages(let names)? = mug.field("name")?.value else {
            Issue.record("name is not an i18n field")
            return
        }
        #expect(names.map(\.languageID) == [1, 2])
        #expect(names.map(\.text) == ["Customizable mug", "Mug personnalisable"])
    }

    @Test func associationsKeepTheirKindAndItems() throws {
        let product = try DocumentFixtures.response("get_products_1.xml").record("product")
        #expect(product.associations.map(\.name) == [
            "categories", "images", "combinations", "product_option_values", "product_features", "tags", "stock_availables", "accessories", "product_bundle",
        ])
        let images = try #require(product.association("images"))
        #expect(images.nodeType == "image" && images.api == "images")
        #expect(images.items.map(\.href) == (1...4).map { "http://172.22.0.4/api/images/products/1/\($0)" })
        #expect(product.association("tags")?.items.isEmpty == true)
        let stock = try #require(product.association("stock_availables"))
        #expect(stock.items.first?.field("id_product_attribute")?.text == "0")
        let features = try #require(product.association("product_features"))
        #expect(features.items.map { $0.field("id_feature_value")?.text } == ["5", "11", "17"])
    }

    @Test func aListWithoutDisplayHoldsReferences() throws {
        let document = try DocumentFixtures.response("get_taxes.xml")
        let references = try document.references("tax")
        #expect(references.map(\.id) == Array(1...29))
        // A list of references is not a list of records: reading it as one says why.
        #expect(throws: DocumentError.self) { try document.records("tax") }
        let categories = try DocumentFixtures.document("\(DocumentFixtures.iq2i)/response/list_categories.xml").references("category")
        #expect(categories.map(\.id) == Array(1...9))
        #expect(categories.last?.href == "http://localhost:8080/api/categories/9")
    }

    @Test func aListWithDisplayHoldsRecords() throws {
        let records = try DocumentFixtures.response("get_stock_availables__limit_0_1000_display_id_id_product_id_product_attribute.xml")
            .records("stock_available")
        #expect(records.count == 52)
        #expect(records[1].fields.map(\.name) == ["id", "id_product", "id_product_attribute"])
        #expect(records[1].field("id_product_attribute")?.href == "http://localhost:8080/api/combinations/1")
        // `display=[quantity]`: one field per record, no id, still a list.
        let quantity = try DocumentFixtures.response("get_stock_availables__filter_id_product_attribute_0_filter_id_product_1_display_quantity.xml")
        #expect(try quantity.records("stock_available").map { $0.field("quantity")?.text } == ["1799"])
    }

    @Test func anEmptyListIsAnEmptyWrapper() throws {
        let payments = try DocumentFixtures.response("get_order_payments__filter_order_reference_KHWLILZLL.xml")
        #expect(payments.contents == [.emptyList(wrapper: "order_payments")])
        #expect(try payments.records("order_payment").isEmpty)
        let configurations = try DocumentFixtures.document("\(DocumentFixtures.docs8)/examples/tutorials__advanced-use__manage-configuration__1.xml")
        #expect(configurations.contents == [.emptyList(wrapper: "configurations")])
    }

    @Test func virtualEntitiesAndDocsSchemasWithoutAttributesAreAssociations() throws {
        let order = try DocumentFixtures.document("\(DocumentFixtures.docs8)/blank-schemas/orders.xml").record("order")
        let rows = try #require(order.association("order_rows"))
        #expect(rows.items.first?.element == "order_row")
        #expect(rows.items.first?.fields.count == 13)
        #expect(order.id == nil)
    }

    @Test func whitespaceAroundCDATAIsTrimmedAndSynopsisMarksReadOnlyFields() throws {
        let created = try DocumentFixtures.document("\(DocumentFixtures.iq2i)/response/create_category.xml").record("category")
        #expect(created.id == 10)
        #expect(created.field("date_add")?.text == "2022-01-10 11:33:31")
        #expect(created.field("name")?.value == .languages([
            LanguageValue(languageID: 1, text: "Futuristic clothes", href: "http://localhost:8080/api/languages/1"),
        ]))
        let schema = try DocumentFixtures.document("\(DocumentFixtures.iq2i)/response/schema_categories.xml").record("category")
        #expect(schema.fields.filter(\.readOnly).map(\.name) == ["level_depth", "nb_products_recursive"])
    }

    @Test func theAPIRootListsResourcesWithTheirMethods() throws {
        let docs = try DocumentFixtures.document("\(DocumentFixtures.docs8)/examples/getting-started__1.xml")
        guard case .api(let index)? = docs.contents.first else {
            Issue.record("not read as the API root: \(docs.summary)")
            return
        }
        #expect(index.shopName == "Prestashop")
        #expect(index.resources.first?.name == "addresses")
        #expect(index.resources.first?.methods == ["get", "put", "post", "patch", "delete", "head"])
        // 1.5 writes `shop_name` and has no PATCH; the file starts with a blank line, skipped.
        let thesisEra = try DocumentFixtures.document("\(DocumentFixtures.thesisEra)/api_root.xml")
        guard case .api(let old)? = thesisEra.contents.first else {
            Issue.record("1.5 root not read: \(thesisEra.summary)")
            return
        }
        #expect(old.shopName == "test")
        #expect(old.resources.allSatisfy { !$0.methods.contains("patch") })
        #expect(old.resources.contains { $0.name == "products" && $0.methods.contains("get") })
    }

    @Test func theImageListingHoldsTwoLists() throws {
        let listing = try DocumentFixtures.document("\(DocumentFixtures.docs8)/examples/tutorials__advanced-use__image-management__1.xml")
        #expect(listing.contents.count == 2)
        guard case .references("image_types", let types)? = listing.contents.first else {
            Issue.record("image types not read: \(listing.summary)")
            return
        }
        #expect(types.map(\.name) == ["large_default", "medium_default", "small_default"])
    }
}
