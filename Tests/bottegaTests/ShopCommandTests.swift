import Foundation
import ShopReplay
import Testing

/// `bottega shop decode|get`: webservice documents from files and from a shop — here the replay
/// of the recorded PrestaShop 1.6.1 traffic on 127.0.0.1.
@Suite(Fixtures.required)
struct ShopCommandTests {
    static let recorded = Fixtures.root.appendingPathComponent("prestashop/ps-1.6.1_oca-connector-prestashop")
    static let key = "UDKWT5SIVYIE3L7IVHCS2J2DEU9DZ6IJ"

    @Test func decodePrintsTheModelsOfARecordedProduct() throws {
        let file = Self.recorded.appendingPathComponent("responses/get_products_1.xml").path
        let json = try CommandLineRun.bottega("shop", "decode", file)
        #expect(json.status == 0, "\(json.standardError)")
        let products = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect((products.first?["name"] as? [String: String])?["1"] == "Faded Short Sleeves T-shirt")
        // The recorded 16.510000, as a decimal string: never through a Double.
        #expect(products.first?["price"] as? String == "16.51")
        let text = try CommandLineRun.bottega("shop", "decode", file, "--format", "text")
        #expect(text.standardOutput.hasPrefix("product 1\tFaded Short Sleeves T-shirt"))
    }

    @Test func theShopsOwnErrorsAndUnreadableFilesAreTold() throws {
        let errors = Fixtures.root.appendingPathComponent("prestashop/ps-1.7.7_iq2i-prestashop-webservice/response/delete_invalid_category.xml").path
        let answered = try CommandLineRun.bottega("shop", "decode", errors)
        #expect(answered.status == 3)
        #expect(answered.standardOutput.contains("error 87: Id(s) not exists: 99"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("maintenance.xml")
        try Data("<html><head><title>Shop under maintenance</title></head><body>Back soon</body></html>".utf8).write(to: page)
        let html = try CommandLineRun.bottega("shop", "decode", page.path)
        #expect(html.status == 1)
        #expect(html.standardError.contains("Shop under maintenance"), "\(html.standardError)")
    }

    @Test func getFetchesFromTheShopInTheEnvironment() async throws {
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: Self.recorded), keys: [Self.key])
        try await server.run { base in
            let shop = ["SHOP_URL": base.absoluteString, "SHOP_KEY": Self.key]
            let product = try await CommandLineRun.bottegaAsync(arguments: ["shop", "get", "products", "1", "--format", "text"], environment: shop)
            #expect(product.status == 0, "\(product.standardError)")
            #expect(product.standardOutput.hasPrefix("product 1\tFaded Short Sleeves T-shirt"))
            // The recorded request was `filter[deleted]=0`: the bare value is sent as typed.
            let carriers = try await CommandLineRun.bottegaAsync(arguments: ["shop", "get", "carriers", "--filter", "deleted=0", "--format", "text"], environment: shop)
            #expect(carriers.standardOutput.split(separator: "\n") == ["carrier 1", "carrier 2"])

            let missing = try await CommandLineRun.bottegaAsync(arguments: ["shop", "get", "products", "999"], environment: shop)
            #expect(missing.status != 0)
            #expect(missing.standardError.contains("[87]"))
            let badFilter = try await CommandLineRun.bottegaAsync(arguments: ["shop", "get", "countries", "--filter", "id=[1"], environment: shop)
            #expect(badFilter.status != 0 && badFilter.standardError.contains("do not close"))
            let wrongKey = try await CommandLineRun.bottegaAsync(
                arguments: ["shop", "get", "products", "1"], environment: ["SHOP_URL": base.absoluteString, "SHOP_KEY": String(Self.key.reversed())]
            )
            #expect(wrongKey.status != 0)
            #expect(!wrongKey.standardError.contains(String(Self.key.reversed())), "the key was printed")
            let noShop = try await CommandLineRun.bottegaAsync(arguments: ["shop", "get", "products"], environment: ["SHOP_URL": ""])
            #expect(noShop.status != 0 && noShop.standardError.contains("SHOP_URL"))
        }
    }
}
