@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import ShopKit
import Testing

/// Search on the 8.1.2 demo: words nobody recorded are found by the replay's search (as the
/// shop's `Search::find` would), the screen and `/api/shop/search` show them, no words is a
/// 400, no result an empty list that says so. Expected products are read from the recording.
@Suite(.serialized, .enabled(if: Shop812Fixtures.present, Comment(rawValue: Shop812Fixtures.skipReason)))
struct ShopSearchPagesTests {
    /// The recorded products (language 1) by id: name and every searchable text, folded.
    static func recordedProducts() throws -> [Int: (name: String, texts: String)] {
        let folder = Shop812Fixtures.folder.appendingPathComponent("responses/items/products")
        var found: [Int: (name: String, texts: String)] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix("product_") && file.hasSuffix(".xml") {
            let product = try Product.one(in: WebserviceDocument(xml: Array(Data(contentsOf: folder.appendingPathComponent(file)))))
            let name = product.name?[1] ?? ""
            let texts = [name, product.reference ?? "", product.descriptionShort?[1] ?? "", product.description?[1] ?? ""].joined(separator: " ")
            found[product.id ?? 0] = (name, texts.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased())
        }
        return found
    }

    @Test func unrecordedSearchesFindTheProductsNamedSo() async throws {
        let products = try Self.recordedProducts()
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            for word in ["t-shirt", "sweater", "notebook"] {
                let named = Set(products.filter { $0.value.name.lowercased().contains(word) }.map(\.key))
                #expect(!named.isEmpty, "the recording names a \(word)")
                let answer = try await browser.json("/api/shop/search?q=\(word)", method: .get)
                #expect(answer.status == .ok, "\(answer.text)")
                let ids = try Set(ShopCataloguePagesTests.ids(answer.json()))
                #expect(named.isSubset(of: ids), "\(word): every product named so, found \(ids.sorted())")
                for id in ids { #expect(products[id]?.texts.contains(word) == true, "\(word): product \(id) mentions it") }
                let screen = try await browser.get("/shop/search?q=\(word)")
                for id in named { #expect(screen.text.contains(products[id]?.name ?? "?") && screen.text.contains("href=\"/shop/products/\(id)\"")) }
            }
        }
    }

    @Test func searchIsCaseAndAccentInsensitiveAndMatchesTheStartOfWords() async throws {
        let products = try Self.recordedProducts()
        let notebooks = Set(products.filter { $0.value.name.lowercased().contains("notebook") }.map(\.key))
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            for query in ["NOTEBOOK", "nötebook", "noteb"] {
                let ids = try await Set(ShopCataloguePagesTests.ids(browser.json("/api/shop/search?q=\(PagerView.encoded(query))", method: .get).json()))
                #expect(notebooks.isSubset(of: ids), "\(query): \(ids.sorted())")
            }
            // Every word must match: a notebook with a fox.
            let both = try await Set(ShopCataloguePagesTests.ids(browser.json("/api/shop/search?q=fox%20notebook", method: .get).json()))
            let expected = Set(products.filter { $0.value.texts.contains("fox") && $0.value.texts.contains("notebook") }.map(\.key))
            #expect(both == expected && !both.isEmpty, "\(both.sorted())")
        }
    }

    @Test func anEmptyQueryIsRefusedAndNoResultSaysSo() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            for query in ["", "%20%20"] {
                let empty = try await browser.json("/api/shop/search?q=\(query)", method: .get)
                #expect(try empty.status == .badRequest && empty.errorCode() == "invalid_q", "\(empty.text)")
            }
            let missing = try await browser.json("/api/shop/search", method: .get)
            #expect(missing.status == .badRequest)
            let none = try await browser.json("/api/shop/search?q=zeppelin", method: .get)
            let noneAnswer = try none.json()
            #expect(none.status == .ok && ShopCataloguePagesTests.ids(noneAnswer).isEmpty && noneAnswer["total"] as? Int == 0)
            let screen = try await browser.get("/shop/search?q=zeppelin")
            #expect(screen.status == .ok && screen.text.contains("No product matches “zeppelin”"))
            let box = try await browser.get("/shop/search")
            #expect(box.status == .ok && box.text.contains("Type words to look for"))
        }
    }

    @Test func theRecordedSearchIsStillAnsweredAsRecorded() async throws {
        // "mug" has a recording: the replay answers it byte for byte, not from its own search.
        let recorded = try String(contentsOf: Shop812Fixtures.folder.appendingPathComponent("responses/query/search_mug.xml"), encoding: .utf8)
        let ids = recorded.matches(of: /<product id="(\d+)"/).compactMap { Int($0.1) }
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let answer = try await browser.json("/api/shop/search?q=mug", method: .get).json()
            #expect(ShopCataloguePagesTests.ids(answer) == ids)
        }
    }
}
