import Foundation
import HTTPClientTransport
import ShopKit
import Testing

/// Requests are built exactly as API-NOTES §1, §7 and §8 say, and as the recorded client sent
/// them: the URLs are compared with the `uri` values of `manifest.json`.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct WebserviceRequestTests {
    /// The URL of `request` on the recorded host of `uri`.
    private func built(_ request: WebserviceRequest, likeRecorded uri: String) throws -> String {
        let components = try #require(URLComponents(string: uri))
        let host = "\(components.scheme ?? "http")://\(components.host ?? "")\(components.port.map { ":\($0)" } ?? "")"
        let configuration = try ShopConfiguration(shop: host, key: ReplayFixtures.key)
        return request.url(base: configuration.baseURL.absoluteString)
    }

    @Test func listParametersGiveTheRecordedURLs() throws {
        let cases: [(file: String, request: WebserviceRequest)] = [
            ("responses/get_shop_groups__limit_0_1000.xml", try .list("shop_groups").limit(offset: 0, count: 1000)),
            ("responses/get_shop_groups_1.xml", .get("shop_groups", id: 1)),
            ("responses/get_products_1.xml", .get("products", id: 1)),
            (
                "responses/get_stock_availables__filter_id_product_attribute_0_filter_id_product_1.xml",
                try .list("stock_availables").filter("id_product_attribute", .plain("0")).filter("id_product", .plain("1"))
            ),
            (
                "responses/get_groups__date_1_limit_0_1000_filter_date_upd_gt_2016_09_01_00_00_00.xml",
                try .list("groups").date().limit(offset: 0, count: 1000).filter("date_upd", .greaterThan("2016-09-01 00:00:00"))
            ),
            (
                "responses/get_stock_availables__limit_0_1000_display_id_id_product_id_product_attribute.xml",
                try .list("stock_availables").limit(offset: 0, count: 1000).display(.fields(["id", "id_product", "id_product_attribute"]))
            ),
            (
                "responses/get_stock_availables__filter_id_product_attribute_gt_0_filter_id_product_3.xml",
                try .list("stock_availables").filter("id_product_attribute", .greaterThan("0")).filter("id_product", .plain("3"))
            ),
            (
                "responses/get_order_payments__filter_order_reference_KHWLILZLL.xml",
                try .list("order_payments").filter("order_reference", .plain("KHWLILZLL"))
            ),
            (
                "responses/get_customer_messages__date_1_limit_0_1000_filter_date_add_gt_2016_12_01_00_00_00.xml",
                try .list("customer_messages").date().limit(offset: 0, count: 1000).filter("date_add", .greaterThan("2016-12-01 00:00:00"))
            ),
        ]
        for (file, request) in cases {
            let uri = try #require(try ReplayFixtures.recordedURI(of: file), "no recording answered by \(file)")
            #expect(try built(request, likeRecorded: uri) == uri)
        }
    }

    @Test func writesAndTheRootGiveTheRecordedURLs() throws {
        let put = try #require(try ReplayFixtures.recordedURI(of: "responses/put_order_carriers.xml", method: "PUT"))
        #expect(try built(.update("order_carriers", xml: []), likeRecorded: put) == put)
        let head = try #require(try ReplayFixtures.occurrences().first { $0.method == "HEAD" }?.uri)
        #expect(try built(.head(""), likeRecorded: head) == head)
    }

    @Test func everyRecordedQueryIsReEncodedByteForByte() throws {
        // Decoding each recorded URI and building it again must give the same text: the
        // encoder writes what python-requests wrote (`%5B`, `%2C`, `+` for a space, `%3A`).
        var checked = 0
        for occurrence in try ReplayFixtures.occurrences() where occurrence.uri.contains("?") {
            let request = try #require(ReplayFixtures.request(fromRecorded: occurrence.uri))
            #expect(try built(request, likeRecorded: occurrence.uri) == occurrence.uri)
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test func filtersFollowTheDispatcherSyntax() throws {
        let base = "https://shop.example/api/"
        #expect(try WebserviceRequest.list("products").filter("id", .anyOf(["1", "5"])).url(base: base)
            == "https://shop.example/api/products?filter%5Bid%5D=%5B1%7C5%5D")
        #expect(try WebserviceRequest.list("orders").date().filter("date_add", .between("2019-11-14 13:00:00", "2019-11-14 14:00:00")).url(base: base)
            == "https://shop.example/api/orders?date=1&filter%5Bdate_add%5D=%5B2019-11-14+13%3A00%3A00%2C2019-11-14+14%3A00%3A00%5D")
        #expect(try WebserviceFilter.beginsWith("Fad").expression(field: "name") == "[Fad]%")
        #expect(try WebserviceFilter.endsWith("shirt").expression(field: "name") == "%[shirt]")
        #expect(try WebserviceRequest.list("products").filter("name", .contains("sh")).url(base: base)
            == "https://shop.example/api/products?filter%5Bname%5D=%25%5Bsh%5D%25")
        #expect(try WebserviceFilter.lessThan("10").expression(field: "price") == "<[10]")
        #expect(try WebserviceFilter.not(["1", "2"]).expression(field: "id") == "![1|2]")
        #expect(try WebserviceFilter.equals("Smith, John").expression(field: "lastname") == "[Smith, John]")
    }

    @Test func filterValuesThatWouldChangeTheirMeaningAreRefused() {
        #expect(throws: WebserviceRequestError.self) { try WebserviceFilter.anyOf(["a|b"]).expression(field: "name") }
        #expect(throws: WebserviceRequestError.self) { try WebserviceFilter.equals("[1]").expression(field: "id") }
        #expect(throws: WebserviceRequestError.self) { try WebserviceFilter.equals("1,5").expression(field: "id") }
        #expect(throws: WebserviceRequestError.self) { try WebserviceFilter.between("a", "z").expression(field: "name") }
        #expect(throws: WebserviceRequestError.self) { try WebserviceFilter.anyOf([]).expression(field: "id") }
        #expect(throws: WebserviceRequestError.self) { try WebserviceRequest.list("products").limit(offset: -1, count: 10) }
        #expect(throws: WebserviceRequestError.self) { try WebserviceRequest.list("products").display(.fields([])) }
    }

    @Test func otherParametersAreWrittenAsTheNotesGiveThem() throws {
        let base = "https://shop.example/api/"
        #expect(try WebserviceRequest.list("products").display(.full).sort([.ascending("name"), .descending("date_add")]).limit(5).url(base: base)
            == "https://shop.example/api/products?display=full&sort=%5Bname_ASC%2Cdate_add_DESC%5D&limit=5")
        #expect(WebserviceRequest.list("categories").schema(.synopsis).url(base: base) == "https://shop.example/api/categories?schema=synopsis")
        #expect(WebserviceRequest.list("categories").schema(.blank).url(base: base) == "https://shop.example/api/categories?schema=blank")
        #expect(WebserviceRequest.get("products", id: 2).price("my_price", .useTax, "1").price("my_price", .productAttribute, "25").url(base: base)
            == "https://shop.example/api/products/2?price%5Bmy_price%5D%5Buse_tax%5D=1&price%5Bmy_price%5D%5Bproduct_attribute%5D=25")
        #expect(try WebserviceRequest.get("products", id: 1).languages([1, 2]).jsonOutput().shop(2).url(base: base)
            == "https://shop.example/api/products/1?language=%5B1%7C2%5D&output_format=JSON&id_shop=2")
        #expect(WebserviceRequest.get("products", id: 1).language(1).shopGroup(1).url(base: base)
            == "https://shop.example/api/products/1?language=1&id_group_shop=1")
        #expect(try WebserviceRequest.delete("addresses", ids: [1, 2, 3]).url(base: base) == "https://shop.example/api/addresses?id=%5B1%2C2%2C3%5D")
        #expect(WebserviceRequest.delete("addresses", id: 4).url(base: base) == "https://shop.example/api/addresses/4")
        #expect(throws: WebserviceRequestError.self) { try WebserviceRequest.delete("addresses", ids: []) }
        let replaceImage = WebserviceRequest(method: .post, path: ["images", "categories", "2"]).overridingMethod(.put)
        #expect(replaceImage.url(base: base) == "https://shop.example/api/images/categories/2?ps_method=PUT")
        #expect(replaceImage.effectiveMethod == .put)
        #expect(WebserviceRequest.image(.products, id: 1, image: 2, type: "home_default").url(base: base)
            == "https://shop.example/api/images/products/1/2/home_default")
        #expect(WebserviceRequest.patch("products", id: 1, xml: []).method == .patch)
    }
}

/// The shop address, the key and the headers (API-NOTES §1, §2).
struct ShopConfigurationTests {
    private let key = ReplayFixtures.key

    @Test func shopAddressesAreNormalisedToTheAPIRoot() throws {
        for (given, expected) in [
            ("https://shop.example", "https://shop.example/api/"),
            ("https://shop.example/", "https://shop.example/api/"),
            ("https://shop.example/api", "https://shop.example/api/"),
            ("https://shop.example/api/", "https://shop.example/api/"),
            ("http://example.com/prestashop", "http://example.com/prestashop/api/"),
            ("http://127.0.0.1:8080/api//", "http://127.0.0.1:8080/api/"),
        ] {
            #expect(try ShopConfiguration(shop: given, key: key).baseURL.absoluteString == expected)
        }
    }

    @Test func badAddressesAndKeysAreRefusedWithoutEchoingTheKey() {
        #expect(throws: ShopConfigurationError.invalidShopURL("shop.example")) { try ShopConfiguration(shop: "shop.example", key: key) }
        #expect(throws: ShopConfigurationError.invalidShopURL("ftp://shop.example")) { try ShopConfiguration(shop: "ftp://shop.example", key: key) }
        #expect(throws: ShopConfigurationError.keyInShopURL) { try ShopConfiguration(shop: "https://\(key)@shop.example/api/", key: key) }
        #expect(throws: ShopConfigurationError.invalidKey(length: 9)) { try ShopConfiguration(shop: "https://shop.example", key: "short-key") }
        #expect(throws: ShopConfigurationError.invalidTimeout) { try ShopConfiguration(shop: "https://shop.example", key: key, timeout: .zero) }
        let message = ShopConfigurationError.invalidKey(length: 31).localizedDescription
        #expect(message.contains("32") && !message.contains(key))
    }

    @Test func theKeyTravelsInBasicAuthOnly() throws {
        let configuration = try ShopConfiguration(shop: "https://shop.example", key: key)
        // base64("<KEY>:"), the key as the user name and an empty password.
        #expect(configuration.authorizationHeader == "Basic WlI5MkZOWTVVRlJFUk5JM085WjVRREhXS1RQM1lJSVQ6")
        #expect(configuration.timeout == .seconds(10))
        #expect(!configuration.description.contains(key))
        let client = WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared)
        let request = WebserviceRequest.update("products", id: 1, xml: Array("<prestashop/>".utf8))
        let headers = client.headers(for: request)
        #expect(headers.map(\.name) == ["Authorization", "Content-Type"])
        #expect(headers.first?.value == configuration.authorizationHeader)
        #expect(!request.url(base: configuration.baseURL.absoluteString).contains(key))
        #expect(client.headers(for: .get("products", id: 1)).map(\.name) == ["Authorization"])
    }
}
