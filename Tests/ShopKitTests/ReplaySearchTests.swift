import Foundation
import ShopKit
import ShopReplay
import Testing

/// The replay's search for words nobody recorded (`ShopEmulator+Search`), answered the way
/// PrestaShop's `Search::find` would from the recorded products, in the recorded answers'
/// XML and JSON shapes; and the `filter[id]=[1|2|3]` lists a catalogue page asks for.
@Suite(.serialized, .enabled(if: Live812.available, Live812.skipReason))
struct ReplaySearchTests {
    /// The recorded products' names (language 1), by id.
    static func names() throws -> [Int: String] {
        let folder = Live812.folder.appendingPathComponent("responses/items/products")
        var names: [Int: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix("product_") && file.hasSuffix(".xml") {
            let product = try Product.one(in: WebserviceDocument(xml: Array(Data(contentsOf: folder.appendingPathComponent(file)))))
            names[product.id ?? 0] = product.name?[1]
        }
        return names
    }

    @Test func wordsNobodyRecordedFindTheProductsThatHaveThem() async throws {
        let names = try Self.names()
        try await Live812.withShop { shop in
            let cases: [(query: String, word: String?)] = [
                ("t-shirt", "t-shirt"), ("Sweater", "sweater"), ("notebooks", nil), ("NOTEBOOK", "notebook"), ("cushiön", "cushion"), ("vect", "vector"),
            ]
            for (query, word) in cases {
                let found = try await shop.catalogue.search(query, languageID: 1)
                guard let word else {
                    // "notebooks" is no word's start: PrestaShop matches `word%`, not stems.
                    #expect(found.isEmpty, "\(query): \(found)")
                    continue
                }
                let named = names.filter { $0.value.lowercased().contains(word) }.keys
                #expect(!named.isEmpty && Set(named).isSubset(of: Set(found)), "\(query): \(found)")
                #expect(Set(found).count == found.count, "each product once")
            }
        }
    }

    @Test func theCategoryFeaturesAttributesAndBlacklistCountAsPrestaShopsIndexDoes() async throws {
        // Expected sets read from the recorded records: each word is in no product's own name,
        // reference or descriptions, only in its default category (7 "Stationery"), a feature
        // value (10 "120 pages") or a combination's attribute value (22 "Ruled").
        let items = Live812.folder.appendingPathComponent("responses/items")
        let read = { (file: String) throws -> WebserviceDocument in try WebserviceDocument(xml: Array(Data(contentsOf: items.appendingPathComponent(file)))) }
        var stationery: Set<Int> = [], pages: Set<Int> = [], ruled: Set<Int> = []
        for id in try Self.names().keys {
            let product = try Product.one(in: read("products/product_\(id).xml"))
            guard product.active != false else { continue }
            if product.categoryDefaultID == 7 { stationery.insert(id) }
            if try String(contentsOf: items.appendingPathComponent("products/product_\(id).xml"), encoding: .utf8)
                .contains("product_feature_values/10\"><![CDATA[10]]>") { pages.insert(id) }
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: items.appendingPathComponent("combinations").path) where file.hasPrefix("combinations_") {
            let combination = try Combination.one(in: read("combinations/\(file)"))
            if combination.optionValueIDs?.contains(22) == true, let product = combination.productID { ruled.insert(product) }
        }
        #expect(!stationery.isEmpty && !pages.isEmpty && !ruled.isEmpty)
        let expected = (stationery: stationery, pages: pages, ruled: ruled)
        try await Live812.withShop { shop in
            #expect(Set(try await shop.catalogue.search("stationery", languageID: 1)) == expected.stationery)
            #expect(Set(try await shop.catalogue.search("pages", languageID: 1)) == expected.pages)
            #expect(Set(try await shop.catalogue.search("ruled", languageID: 1)) == expected.ruled)
            // "the" is in "Mug The best is yet to come", and in the shop's PS_SEARCH_BLACKLIST.
            #expect(try await shop.catalogue.search("the", languageID: 1).isEmpty)
            let best = try await shop.catalogue.search("the best", languageID: 1)
            #expect(!best.isEmpty, "the other word still finds")
        }
    }

    @Test func theNameWeighsMoreThanTheDescription() async throws {
        // Name weight 6, description 1 (PS_SEARCH_WEIGHT_*): a product named so comes before
        // one that only mentions the word.
        let names = try Self.names()
        try await Live812.withShop { shop in
            let found = try await shop.catalogue.search("hummingbird", languageID: 1)
            let named = found.filter { names[$0]?.lowercased().contains("hummingbird") == true }
            #expect(!named.isEmpty)
            #expect(Array(found.prefix(named.count)) == named, "named ones first: \(found)")
        }
    }

    @Test func theAnswerHasTheRecordedShapesAndRefusals() async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let xml = try await client.send(WebserviceRequest.list("search").adding("query", "sweater").language(1))
            let text = String(decoding: xml.body, as: UTF8.self)
            #expect(xml.status == 200 && text.contains("<products>") && text.contains("<categories>") && text.contains("xlink:href="), "\(text)")
            let json = try await client.send(WebserviceRequest.list("search").adding("query", "sweater").language(1).adding("output_format", "JSON"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
            #expect((object["products"] as? [[String: Any]])?.isEmpty == false && object["categories"] != nil, "\(object)")
            await #expect(throws: WebserviceError.self) {
                _ = try await client.send(WebserviceRequest.list("search").adding("query", "sweater"))
            }
        }
    }

    @Test func aListFilteredByIdsAnswersThoseProductsInFull() async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let request = try WebserviceRequest.list("products").display(.full).filter("id", .anyOf(["3", "1", "2", "999"]))
            let products = try Product.all(in: WebserviceDocument(xml: try await client.send(request).body))
            #expect(products.compactMap(\.id).sorted() == [1, 2, 3], "999 is no product")
            #expect(products.allSatisfy { $0.name != nil && $0.price != nil }, "full records")
        }
    }
}
