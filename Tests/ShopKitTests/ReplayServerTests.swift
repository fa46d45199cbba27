import AsyncHTTPClient
import Foundation
import HTTPClientTransport
import NIOCore
import NIOHTTP1
import ShopKit
import ShopReplay
import Testing

/// The replay server answers recorded reads exactly as recorded, over real HTTP on 127.0.0.1,
/// and the client reads them unchanged and learns the shop's version.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct ReplayServerTests {
    @Test func everyRecordedReadComesBackByteIdentical() async throws {
        let occurrences = try ReplayFixtures.occurrences().filter { $0.method == "GET" }
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            var served = 0
            for occurrence in occurrences {
                let request = try #require(ReplayFixtures.request(fromRecorded: occurrence.uri))
                let response = try await client.send(request)
                let file = try #require(occurrence.bodyFile)
                #expect(response.status == occurrence.status)
                #expect(response.body == (try ReplayFixtures.bytes(ReplayFixtures.oca, file)), "\(file)")
                #expect(response.contentSHA1 == occurrence.headers["content-sha1"]?.first)
                #expect(response.headers["PSWS-Version"] == occurrence.headers["psws-version"]?.first)
                #expect(response.contentType == "text/xml;charset=utf-8")
                served += 1
            }
            #expect(served == occurrences.count && served > 400)
        }
    }

    @Test func queryOrderDoesNotMatterAndRecordedHostsStayInLinks() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, base in
            // Recorded as `filter[id_product_attribute]=0&filter[id_product]=1&display=[quantity]`.
            let reordered = try WebserviceRequest.list("stock_availables").display(.fields(["quantity"]))
                .filter("id_product", .plain("1")).filter("id_product_attribute", .plain("0"))
            let response = try await client.send(reordered)
            let expected = try ReplayFixtures.bytes(
                ReplayFixtures.oca, "responses/get_stock_availables__filter_id_product_attribute_0_filter_id_product_1_display_quantity.xml")
            #expect(response.body == expected)
            let product = String(decoding: try await client.send(.get("products", id: 1)).body, as: UTF8.self)
            #expect(product.contains("xlink:href=\"http://172.22.0.4/api/categories/2\""))
            #expect(!product.contains(base.host ?? "127.0.0.1"))
        }
    }

    @Test func theVersionComesFromTheFirstAnswer() async throws {
        let occurrences = try ReplayFixtures.occurrences()
        let groups = try #require(occurrences.first { $0.bodyFile == "responses/get_shop_groups_1.xml" })
        let product = try #require(occurrences.first { $0.bodyFile == "responses/get_products_1.xml" })
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, base in
            let before = await client.version
            #expect(before == nil)
            _ = try await client.send(.get("shop_groups", id: 1))
            let seen = await client.version
            let first = try #require(seen)
            #expect(first.description == groups.headers["psws-version"]?.first)
            #expect(first.description == "1.6.1.6")
            _ = try await client.send(.get("products", id: 1))
            let kept = await client.version
            #expect(kept == first, "the first answer's version is kept")
            let features = await client.features
            #expect(features.jsonOutput && !features.patch)
            #expect(features.orderCartRulesResource == "order_discounts")

            let other = WebserviceClient(configuration: try ShopConfiguration(shop: base.absoluteString, key: ReplayFixtures.key), transport: AsyncHTTPClientTransport.shared)
            _ = try await other.send(.get("products", id: 1))
            let otherVersion = await other.version?.description
            #expect(otherVersion == product.headers["psws-version"]?.first)
            #expect(otherVersion == "1.6.1.9")
        }
    }

    @Test func aRequestWithoutKeyGetsTheDispatchersPlainTextChallenge() async throws {
        let recorded401 = try #require(try ReplayFixtures.occurrences().first { $0.method == "HEAD" && $0.status == 401 })
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, _, base in
            for method in [HTTPMethod.GET, .HEAD] {
                var request = HTTPClientRequest(url: base.absoluteString + "api/")
                request.method = method
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
                let body = String(buffer: try await response.body.collect(upTo: 1 << 16))
                #expect(response.status.code == 401)
                #expect(response.headers["WWW-Authenticate"].first == recorded401.headers["www-authenticate"]?.first)
                #expect(response.headers["PSWS-Version"].first == "1.6.1.6")
                #expect(body == (method == .GET ? "401 Unauthorized" : ""))
            }
        }
    }

    @Test func aWrongKeyIsRefusedAndNeverEchoed() async throws {
        let wrong = "AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH"
        try await ReplayFixtures.withShop(ReplayFixtures.oca, key: wrong) { _, client, _ in
            do throws(WebserviceError) {
                _ = try await client.send(.get("products", id: 1))
                Issue.record("a wrong key was accepted")
            } catch {
                guard case .unauthorized(let failure) = error else { Issue.record("not a 401: \(error)"); return }
                #expect(failure.errors == [ShopErrorMessage(code: 20, message: "Authentification key is not active")])
                #expect(!error.localizedDescription.contains(wrong) && !failure.request.url.contains(wrong))
                #expect(failure.request.description.hasPrefix("GET http://127.0.0.1:"))
            }
            // Even the refusal tells the version, as 1.6 sends PSWS-Version on a 401 (API-NOTES §4).
            let version = await client.version?.description
            #expect(version == "1.6.1.6")
        }
    }

    @Test func anUnrecordedRequestGetsA404NamingIt() async throws {
        // A blank schema is neither recorded nor made up from records.
        let unrecorded = WebserviceRequest.list("products").schema(.blank)
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { _, client, _ in
            do throws(WebserviceError) {
                _ = try await client.send(unrecorded)
                Issue.record("an unrecorded request was answered")
            } catch {
                guard case .notFound(let failure) = error else { Issue.record("not a 404: \(error)"); return }
                #expect(error.shopCodes == [87])
                #expect(failure.errors.first?.message.contains("GET /api/products?schema=blank") == true)
            }
        }
    }

    @Test func theConfigurationsOutputLanguageAndShopGoOnEveryRead() async throws {
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: ReplayFixtures.oca), keys: [ReplayFixtures.key])
        try await server.run { base in
            let configuration = try ShopConfiguration(
                shop: base.absoluteString, key: ReplayFixtures.key, shopContext: .shop(1), outputFormat: .json, languageID: 1)
            let client = WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared)
            do throws(WebserviceError) {
                _ = try await client.send(.get("products", id: 1))
                Issue.record("a JSON read was answered from the XML recordings")
            } catch {
                // No JSON was recorded: the 404 names the request as the server received it.
                guard case .notFound(let failure) = error else { Issue.record("not a 404: \(error)"); return }
                #expect(failure.request.url.hasSuffix("/api/products/1?output_format=JSON&language=1&id_shop=1"))
                #expect(failure.errors.first?.message.contains("GET /api/products/1?id_shop=1&language=1&output_format=JSON") == true)
            }
        }
    }

    @Test func theIQ2iAndThe15SamplesAreServedToo() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.iq2i) { _, client, _ in
            let list = try await client.send(.list("categories"))
            #expect(list.body == (try ReplayFixtures.bytes(ReplayFixtures.iq2i, "response/list_categories.xml")))
            let version = await client.version?.description
            #expect(version == "1.7.7.5")
            let schema = try await client.send(WebserviceRequest.list("categories").schema(.synopsis))
            #expect(schema.body == (try ReplayFixtures.bytes(ReplayFixtures.iq2i, "response/schema_categories.xml")))
        }
        try await ReplayFixtures.withShop(ReplayFixtures.iaintshine) { _, client, _ in
            let root = try await client.send(.root)
            #expect(root.body == (try ReplayFixtures.bytes(ReplayFixtures.iaintshine, "api_root.xml")))
            #expect(String(decoding: root.body, as: UTF8.self).contains("<api shop_name=\"test\">"))
            let shop = try await client.send(.get("shops", id: 1))
            #expect(shop.body == (try ReplayFixtures.bytes(ReplayFixtures.iaintshine, "api_shops_1.xml")))
            let version = await client.version?.description
            #expect(version == "1.5.0.0")
            let features = await client.features
            #expect(features.jsonOutput == false)
        }
    }
}
