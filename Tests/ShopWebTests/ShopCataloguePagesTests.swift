@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import ShopKit
import ShopReplay
import Testing

/// Catalogue pages on the 8.1.2 demo (issue 41, part 10): a page costs at most three
/// webservice requests (the list's active ids, its products, their specific prices), comes in the shop's page size (`PS_PRODUCTS_PER_PAGE`), sorts as the
/// front office does, and a page past the end is an error, not an empty page. Every expected
/// value is read from the recording.
@Suite(.serialized, .enabled(if: Shop812Fixtures.present, Comment(rawValue: Shop812Fixtures.skipReason)))
struct ShopCataloguePagesTests {
    /// The category with the most products in the recording (Home, 19), its ids in the shop's order.
    static func biggestCategory() throws -> (id: Int, productIDs: [Int]) {
        let folder = Shop812Fixtures.folder.appendingPathComponent("responses/items/categories")
        var best: (id: Int, productIDs: [Int]) = (0, [])
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix("categories_") && file.hasSuffix(".xml") {
            let category = try Category.one(in: WebserviceDocument(xml: Array(Data(contentsOf: folder.appendingPathComponent(file)))))
            if let ids = category.productIDs, ids.count > best.productIDs.count { best = (category.id ?? 0, ids) }
        }
        return best
    }

    /// `PS_PRODUCTS_PER_PAGE` as the recorded configuration says it.
    static func pageSize() throws -> Int {
        let file = Shop812Fixtures.folder.appendingPathComponent("responses/items/configurations/storefront_keys_full.xml")
        let all = try Configuration.all(in: WebserviceDocument(xml: Array(Data(contentsOf: file))))
        return try #require(all.first { $0.name == "PS_PRODUCTS_PER_PAGE" }?.value.flatMap { Int($0) })
    }

    static func ids(_ answer: [String: Any]) -> [Int] {
        (answer["products"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    static func prices(_ answer: [String: Any]) -> [Double] {
        // `priceValue` is a decimal written as text ("13.208"), exact.
        (answer["products"] as? [[String: Any]] ?? []).compactMap { ($0["priceValue"] as? String).flatMap(Double.init) ?? ($0["priceValue"] as? NSNumber)?.doubleValue }
    }

    @Test func aCategoryPageCostsAtMostThreeRequests() async throws {
        let (category, _) = try Self.biggestCategory()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, harness in
            var browser = ShopBrowser(client)
            // Another category first: the shop-wide settings (configuration, currency, country,
            // group, tax rules) are read once and cached; what is counted is the page's own cost.
            let warm = try await browser.get("/shop/categories/6")
            #expect(warm.status == .ok)
            for query in ["?page=2", "?sort=price-asc", "?page=2&sort=name-desc"] {
                await harness.server.clearRequests()
                let page = try await browser.get("/shop/categories/\(category)\(query)")
                #expect(page.status == .ok)
                let asked = await harness.server.requests()
                #expect(asked.count <= 3, "\(query): \(asked.map(\.description))")
                #expect(!asked.contains { $0.path.hasPrefix("products/") }, "no product is read alone: \(asked.map(\.description))")
            }
        }
    }

    @Test func pageTwoOfTheNineteenProductCategoryHoldsTheLastProductsInTheShopsOrder() async throws {
        let (category, listed) = try Self.biggestCategory()
        let size = try Self.pageSize()
        #expect(listed.count == 19 && size == 12, "the recording's Home category and page size")
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let second = try await browser.json("/api/shop/categories/\(category)/products?page=2", method: .get)
            #expect(second.status == .ok, "\(second.text)")
            let answer = try second.json()
            #expect(Self.ids(answer) == Array(listed[size...]), "products 13–19 in the category's order: \(second.text)")
            #expect(answer["page"] as? Int == 2 && answer["pageCount"] as? Int == 2 && answer["total"] as? Int == listed.count)
            let first = try await browser.json("/api/shop/categories/\(category)/products", method: .get).json()
            #expect(Self.ids(first) == Array(listed[..<size]))

            let screen = try await browser.get("/shop/categories/\(category)?page=2")
            #expect(screen.text.contains("Page 2 of 2"))
            #expect(screen.text.contains("href=\"/shop/categories/\(category)?page=1\" rel=\"prev\"") && !screen.text.contains("rel=\"next\""))
            for id in listed[size...] { #expect(screen.text.contains("href=\"/shop/products/\(id)\"")) }
            for id in listed[..<size] { #expect(!screen.text.contains("href=\"/shop/products/\(id)\""), "product \(id) is on page 1") }
            let firstScreen = try await browser.get("/shop/categories/\(category)")
            #expect(firstScreen.text.contains("Page 1 of 2") && firstScreen.text.contains("href=\"/shop/categories/\(category)?page=2\" rel=\"next\""))
        }
    }

    @Test func aProductSwitchedOffNeitherShortensAPageNorCountsInThePager() async throws {
        let (category, listed) = try Self.biggestCategory()
        let size = try Self.pageSize()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, harness in
            // The shop switches off the category's third product: the front office leaves it out.
            let off = listed[2]
            _ = try await harness.client.send(.patch("products", id: off, xml: Array(
                "<prestashop><product><id>\(off)</id><active>0</active></product></prestashop>".utf8)))
            var browser = ShopBrowser(client)
            let first = try await browser.json("/api/shop/categories/\(category)/products", method: .get).json()
            let shown = listed.filter { $0 != off }
            #expect(Self.ids(first) == Array(shown[..<size]), "still \(size) cards, the 13th product moved up: \(Self.ids(first))")
            #expect(first["total"] as? Int == listed.count - 1 && first["pageCount"] as? Int == 2)
            let second = try await browser.json("/api/shop/categories/\(category)/products?page=2", method: .get).json()
            #expect(Self.ids(second) == Array(shown[size...]))
            let byName = try await browser.json("/api/shop/categories/\(category)/products?sort=name-asc", method: .get).json()
            #expect(Self.ids(byName).count == size && !Self.ids(byName).contains(off))
            let screen = try await browser.get("/shop/categories/\(category)")
            #expect(screen.text.contains("Page 1 of 2") && !screen.text.contains("href=\"/shop/products/\(off)\""))
        }
    }

    @Test func aPageBeyondTheEndIsAnErrorNotAnEmptyPage() async throws {
        let (category, _) = try Self.biggestCategory()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let screen = try await browser.get("/shop/categories/\(category)?page=3")
            #expect(screen.status == .notFound && screen.text.contains("There is no page 3") && screen.text.contains("2 pages"), "\(screen.text)")
            let api = try await browser.json("/api/shop/categories/\(category)/products?page=3", method: .get)
            #expect(try api.status == .notFound && api.errorCode() == "page_not_found")
            let notANumber = try await browser.json("/api/shop/categories/\(category)/products?page=two", method: .get)
            #expect(try notANumber.status == .badRequest && notANumber.errorCode() == "invalid_page")
            let badSort = try await browser.get("/shop/categories/\(category)?sort=colour")
            #expect(badSort.status == .badRequest && badSort.text.contains("price-asc"), "the accepted orders are named")
        }
    }

    @Test func sortingByPriceAndNameOrdersTheWholeCategory() async throws {
        let (category, listed) = try Self.biggestCategory()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let first = try await browser.json("/api/shop/categories/\(category)/products?sort=price-asc", method: .get).json()
            let second = try await browser.json("/api/shop/categories/\(category)/products?sort=price-asc&page=2", method: .get).json()
            let prices = Self.prices(first) + Self.prices(second)
            #expect(prices.count == listed.count)
            #expect(prices == prices.sorted(), "ascending across both pages: \(prices)")
            #expect(Set(Self.ids(first) + Self.ids(second)) == Set(listed), "every product once")
            let descending = try await browser.json("/api/shop/categories/\(category)/products?sort=price-desc", method: .get).json()
            #expect(Self.prices(descending).first == prices.max())

            let byName = try await browser.json("/api/shop/categories/\(category)/products?sort=name-asc", method: .get).json()
            let names = (byName["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names == names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }, "\(names)")
        }
    }

    @Test func aCardCostsTheSameAsItsProductPage() async throws {
        // The card's price comes from the page's one pricing read; the product page's from its
        // own. Both are PriceCalculator on the shop's rules, so they must agree, reductions included.
        let (category, _) = try Self.biggestCategory()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            for page in [1, 2] {
                let cards = try await browser.json("/api/shop/categories/\(category)/products?page=\(page)", method: .get).json()
                for card in cards["products"] as? [[String: Any]] ?? [] {
                    let id = try #require(card["id"] as? Int)
                    let product = try await browser.json("/api/shop/products/\(id)", method: .get).json()
                    #expect("\(card["priceValue"] ?? "none")" == "\(product["priceValue"] ?? "missing")", "product \(id)")
                    #expect((card["reduced"] as? Bool) == (product["reduced"] as? Bool), "product \(id)")
                }
            }
        }
    }
}
