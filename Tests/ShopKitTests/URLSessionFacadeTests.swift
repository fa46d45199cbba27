import Foundation
import Markup
import ShopKit
import ShopReplay
import Testing
import URLSessionTransport

/// ShopKit's facade over URLSessionTransport, the transport an iOS app links, against the
/// PrestaShop 8.1.2 recording replayed on 127.0.0.1: the same reads as over AsyncHTTPClient,
/// the `Content-Sha1` checks included.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct URLSessionFacadeTests {
    static func recorded(_ file: String, _ xpath: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: Live812.folder.appendingPathComponent(file)))
        return try MarkupDocument.xml(bytes).select(xpath).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    func withFacade(_ body: @Sendable (ShopFacade) async throws -> Void) async throws {
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: Live812.folder), keys: [ReplayFixtures.key])
        try await server.run { base in
            let client = WebserviceClient(
                configuration: try ShopConfiguration(shop: base.absoluteString, key: ReplayFixtures.key), transport: URLSessionTransport())
            try await body(ShopFacade(sender: client))
        }
    }

    @Test func aProductIsReadAsTheShopRecordedIt() async throws {
        let name = try #require(try Self.recorded("responses/items/products/product_1.xml", "//product/name/language[@id='1']").first)
        let price = try #require(try Self.recorded("responses/items/products/product_1.xml", "//product/price").first)
        try await withFacade { shop in
            let product = try await shop.catalogue.product(id: 1)
            #expect(product.id == 1)
            #expect(product.name?[1] == name)
            #expect(product.price == ShopDecimal(price))
        }
    }

    @Test func aCategorysProductsStreamInTheCategorysOrder() async throws {
        let listed = try Self.recorded("responses/items/categories/categories_3.xml", "//associations/products/product/id").compactMap { Int($0) }
        #expect(!listed.isEmpty)
        try await withFacade { shop in
            var streamed: [Int] = []
            for try await product in shop.catalogue.products(inCategory: 3) { streamed.append(product.id ?? 0) }
            #expect(streamed == listed)
        }
    }
}
