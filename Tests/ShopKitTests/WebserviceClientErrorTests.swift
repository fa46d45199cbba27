import Foundation
import HTTPClientTransport
import ShopKit
import ShopReplay
import Testing

/// Each way a shop can fail reaches the caller as the right ``WebserviceError``, over real
/// HTTP, with the shop's own codes and never the key.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct WebserviceClientErrorTests {
    /// The error `request` ends in; records an issue when it succeeds.
    private func failure(of request: WebserviceRequest, on client: WebserviceClient) async -> WebserviceError? {
        do throws(WebserviceError) {
            _ = try await client.send(request)
            Issue.record("\(request.path) succeeded")
            return nil
        } catch {
            #expect(!error.localizedDescription.contains(ReplayFixtures.key), "the key leaked into: \(error)")
            return error
        }
    }

    @Test func httpErrorsAreTypedWithTheShopsCodes() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            await server.inject(.shopError(status: 403, code: 132, message: "Key not allowed on this shop"), at: "customers/1")
            await server.inject(.shopError(status: 503, code: 22, message: "The PrestaShop webservice is disabled. Please activate it in the PrestaShop Back Office"), at: "addresses/1")
            await server.inject(.phpNotice, at: "carriers/2")
            await server.inject(.serverErrorWithoutBody, at: "currencies/1")

            guard case .forbidden(let forbidden) = await failure(of: .get("customers", id: 1), on: client) else { Issue.record("not 403"); return }
            #expect(forbidden.status == 403 && forbidden.errors.map(\.code) == [132])

            guard case .unavailable(let off) = await failure(of: .get("addresses", id: 1), on: client) else { Issue.record("not 503"); return }
            #expect(off.errors.map(\.code) == [22])

            guard case .serverError(let notice) = await failure(of: .get("carriers", id: 2), on: client) else { Issue.record("not 500"); return }
            #expect(notice.errors.first?.message.hasPrefix("[PHP Notice #8] Undefined index") == true)

            guard case .serverError(let bare) = await failure(of: .get("currencies", id: 1), on: client) else { Issue.record("not 500"); return }
            #expect(bare.errors.isEmpty && bare.excerpt.isEmpty)
            #expect(WebserviceError.serverError(bare).localizedDescription.contains("GET http://127.0.0.1:"))

            guard case .notFound(let missing) = await failure(of: .get("products", id: 999), on: client) else { Issue.record("not 404"); return }
            #expect(missing.errors.map(\.code) == [87])

            // stock_availables has no DELETE (API-NOTES §3).
            guard case .methodNotAllowed(let refused) = await failure(of: .delete("stock_availables", id: 1), on: client)
            else { Issue.record("not 405"); return }
            #expect(refused.errors.map(\.code) == [101] && refused.request.method == "DELETE")
        }
    }

    @Test func aSlowShopTimesOut() async throws {
        // The delay is far beyond the timeout, so the outcome does not depend on the machine's
        // load; how long things take is for the benchmarks, not for this test.
        try await ReplayFixtures.withShop(ReplayFixtures.oca, timeout: .seconds(3)) { server, client, _ in
            await server.inject(.delay(.seconds(20)), at: "languages/1")
            let error = await failure(of: .get("languages", id: 1), on: client)
            guard case .timeout(let request, let after) = error else { Issue.record("not a timeout: \(String(describing: error))"); return }
            #expect(after == .seconds(3) && request.url.hasSuffix("/api/languages/1"))
            // The same client still works once the shop answers in time.
            await server.removeFaults()
            let answered = try await client.send(.get("languages", id: 1))
            #expect(answered.status == 200)
        }
    }

    @Test func aClosedPortIsAConnectionFailure() async throws {
        // Port 9 (discard) is closed on 127.0.0.1 in the test environment: the connection is refused.
        // A long timeout: the answer must be "refused", which a timeout could not masquerade as.
        let client = WebserviceClient(configuration: try ShopConfiguration(shop: "http://127.0.0.1:9", key: ReplayFixtures.key, timeout: .seconds(60)), transport: AsyncHTTPClientTransport.shared)
        let error = await failure(of: .get("products", id: 1), on: client)
        guard case .connectionFailed(let request, let reason) = error else { Issue.record("not a connection failure: \(String(describing: error))"); return }
        #expect(request.url == "http://127.0.0.1:9/api/products/1" && !reason.isEmpty)
    }

    @Test func pagesThatAreNotTheWebserviceAndCutBodiesAreRefused() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            await server.inject(.htmlPage, at: "languages/1")
            await server.inject(.truncatedBody, at: "products/1")
            await server.inject(.corruptedBody, at: "categories/2")

            guard case .notWebservice(_, let status, let type, let excerpt) = await failure(of: .get("languages", id: 1), on: client)
            else { Issue.record("an HTML page was accepted"); return }
            #expect(status == 200 && type?.hasPrefix("text/html") == true && excerpt.hasPrefix("<!DOCTYPE html>"))

            guard case .truncatedBody(let cut, _) = await failure(of: .get("products", id: 1), on: client)
            else { Issue.record("a cut body was accepted"); return }
            #expect(cut.url.hasSuffix("/api/products/1"))

            guard case .truncatedBody(_, let reason) = await failure(of: .get("categories", id: 2), on: client)
            else { Issue.record("a body that does not match its Content-Sha1 was accepted"); return }
            #expect(reason.contains("Content-Sha1"))
        }
    }

    @Test func versionBoundFeaturesAreRefusedBeforeSending() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.iq2i) { _, client, _ in
            // The client does not know the version yet: it asks, then refuses PATCH on 1.7.7.
            let error = await failure(of: .patch("categories", id: 1, xml: Array("<prestashop><category><id>1</id></category></prestashop>".utf8)), on: client)
            guard case .unsupported(let request, let feature, let version) = error else { Issue.record("PATCH was sent: \(String(describing: error))"); return }
            #expect(version.description == "1.7.7.5" && feature.hasPrefix("PATCH") && request.method == "PATCH")
        }
        try await ReplayFixtures.withShop(ReplayFixtures.iaintshine) { _, client, _ in
            _ = try await client.send(.root)
            guard case .unsupported(_, let feature, _) = await failure(of: WebserviceRequest.get("shops", id: 1).jsonOutput(), on: client)
            else { Issue.record("JSON was asked of 1.5"); return }
            #expect(feature.hasPrefix("JSON"))
        }
    }

    @Test func imagesComeBackAsBytesAndAnythingElseIsRefused() async throws {
        // A PNG signature and the start of an IHDR chunk: enough for the type check.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            await server.stub(path: "images/products/1/1", headers: [(name: "Content-Type", value: "image/png")], body: png)
            await server.stub(path: "images/products/1/2", headers: [(name: "Content-Type", value: "image/jpeg")], body: png)
            await server.stub(
                path: "images/products/1", headers: [(name: "Content-Type", value: "text/xml;charset=utf-8")],
                body: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop><image id=\"1\"/></prestashop>\n".utf8))

            let image = try await client.image(.image(.products, id: 1, image: 1))
            #expect(image.bytes == png && image.mimeType == "image/png")
            for request in [WebserviceRequest.image(.products, id: 1), .image(.products, id: 1, image: 2)] {
                do throws(WebserviceError) {
                    _ = try await client.image(request)
                    Issue.record("\(request.path) was taken for an image")
                } catch {
                    guard case .notAnImage = error else { Issue.record("wrong error: \(error)"); continue }
                }
            }
        }
    }
}

/// Error documents in both forms of API-NOTES §3, read from the recorded files.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct ShopErrorMessageTests {
    @Test func xmlErrorDocumentsGiveTheirCodesAndMessages() throws {
        let deleted = ShopErrorMessage.parse(try ReplayFixtures.bytes(ReplayFixtures.iq2i, "response/delete_invalid_category.xml"))
        #expect(deleted == [ShopErrorMessage(code: 87, message: "Id(s) not exists: 99")])
        let updated = ShopErrorMessage.parse(try ReplayFixtures.bytes(ReplayFixtures.iq2i, "response/update_invalid_category.xml"))
        #expect(updated == [ShopErrorMessage(code: 92, message: "Invalid ID")])
    }

    @Test func jsonErrorsAndBodiesWithoutErrorsAreRead() {
        let json = Array(#"{"errors":[{"code":87,"message":"Id(s) not exists: 99"},{"code":"93","message":"parameter \"quantity\" not writable"}]}"#.utf8)
        #expect(ShopErrorMessage.parse(json) == [
            ShopErrorMessage(code: 87, message: "Id(s) not exists: 99"),
            ShopErrorMessage(code: 93, message: "parameter \"quantity\" not writable"),
        ])
        #expect(ShopErrorMessage.parse(Array("401 Unauthorized".utf8)).isEmpty)
        #expect(ShopErrorMessage.parse([]).isEmpty)
    }
}
