import BottegaWeb
import ShopWeb
import Foundation
import WebCore
import GRDB
import HTTPClientTransport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShopKit
import ShopReplay
import Testing
import TestSupport

/// The OCA connector's PrestaShop 1.6.1 recordings, replayed on 127.0.0.1 for the storefront.
package enum ShopFixtures {
    package static let folder = SharedFixtures.url("prestashop/ps-1.6.1_oca-connector-prestashop")
    package static var present: Bool { SharedFixtures.enabled("prestashop/ps-1.6.1_oca-connector-prestashop/manifest.json") }
    package static let skipReason = SharedFixtures.skipMessage("prestashop/ps-1.6.1_oca-connector-prestashop")
    /// The replay's webservice key: 32 letters and digits, which no answer may contain.
    package static let key = "STOREFRONTTESTKEY0123456789ABCDE"
    package static var basicCredentials: String { Data((key + ":").utf8).base64EncodedString() }
}

/// The PrestaShop 8.1.2 demo shop recorded live: the storefront's default demo.
package enum Shop812Fixtures {
    package static let folder = SharedFixtures.url("prestashop/ps-8.1.2-live")
    package static var present: Bool { SharedFixtures.enabled("prestashop/ps-8.1.2-live/manifest.json") }
    package static let skipReason = SharedFixtures.skipMessage("prestashop/ps-8.1.2-live")
}

/// The replay behind a test app, and a client of it without cache, to arrange records and read
/// back what the storefront wrote.
package struct ShopHarness: Sendable {
    package let server: ShopReplayServer
    package let base: URL
    package let client: WebserviceClient
    package var shop: ShopFacade { ShopFacade(sender: client) }

    /// POSTs a record to the replay's emulator (`<prestashop><element>…`).
    @discardableResult
    package func create(_ resource: String, _ xml: String) async throws -> WebserviceResponse {
        try await client.send(.create(resource, xml: Array(xml.utf8)))
    }
}

/// The whole web app with a storefront on the replayed shop; with `live`, served on a real
/// socket (`client.port`) for clients that speak HTTP themselves (an app's URLSession).
package func withShopApp(
    folder: URL = ShopFixtures.folder, timeout: Duration = .seconds(10), shopURL: String? = nil, loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy(),
    live: Bool = false,
    _ body: @Sendable @escaping (any TestClientProtocol, ShopHarness) async throws -> Void
) async throws {
    let archive = try ReplayArchive.load(folder: folder)
    let server = ShopReplayServer(archive: archive, keys: [ShopFixtures.key])
    try await server.run { base in
        let client = WebserviceClient(configuration: try ShopConfiguration(shop: base.absoluteString, key: ShopFixtures.key), transport: AsyncHTTPClientTransport.shared)
        let harness = ShopHarness(server: server, base: base, client: client)
        let images = FileManager.default.temporaryDirectory.appendingPathComponent("shop-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: images) }
        try await withBottegaApp(live: live, shop: { database in
            var services = try ShopServices.connect(
                shopURL: shopURL ?? base.absoluteString, key: ShopFixtures.key, cookieKey: nil, minimumAge: 18, database: database,
                imageFolder: images, timeout: timeout)
            services.loginThrottle = LoginThrottle(policy: loginThrottle)
            return services
        }) { client, _ in try await body(client, harness) }
    }
}

/// A browser on the storefront: keeps the cookies and checks that no answer holds the key.
package struct ShopBrowser {
    package let client: any TestClientProtocol
    package var jar = CookieJar()

    package init(_ client: any TestClientProtocol) { self.client = client }

    package mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = jar.header
        fields.append(contentsOf: headers)
        return try take(try await client.execute(uri: path, method: .get, headers: fields, body: nil))
    }

    package mutating func post(_ path: String, _ pairs: [(String, String)]) async throws -> TestResponse {
        try take(try await client.execute(uri: path, method: .post, headers: .form(jar.header), body: formBody(pairs)))
    }

    package mutating func json(_ path: String, method: HTTPRequest.Method = .post, _ object: Any? = nil, token: String? = nil) async throws -> TestResponse {
        var fields: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        if object != nil { fields[.contentType] = "application/json" }
        return try take(try await client.execute(uri: path, method: method, headers: fields, body: object.map(jsonBody)))
    }

    private mutating func take(_ response: TestResponse) throws -> TestResponse {
        jar.take(response)
        let everything = response.text + response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        #expect(!everything.contains(ShopFixtures.key), "the webservice key reached the browser")
        #expect(!everything.contains(ShopFixtures.basicCredentials), "the webservice credentials reached the browser")
        return response
    }
}

extension TestResponse {
    package var location: String { headers[.location] ?? "" }
}
