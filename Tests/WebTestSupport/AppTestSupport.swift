import OrdersWeb
import ShopWeb
import WebCore
import BarcodeWallet
import BottegaWeb
import Credentials
import Fetch
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import MailOutbox
import OrderCompany
import OrderKit
import ScholarKit
import TicketKit

/// The wallet's and the tickets' stores behind a test app, to arrange data and check what the
/// routes wrote.
package struct AppStores: Sendable {
    package let wallet: WalletStore
    package let tickets: TicketStore
    package let orders: OrderServices
}

/// The whole web app over one in-memory database with the seed tickets catalogue loaded; with
/// `live`, served on a real socket (`client.port`).
package func withBottegaApp(
    ticketsAdminPassword: String? = "correct horse battery staple",
    ordersAdminPassword: String? = nil,
    live: Bool = false,
    // A read timeout far above the default's 10 s: a test client idle between two requests on a
    // busy machine must not find its connection closed. ServeConnectionTests set their own.
    configuration: WebConfiguration = WebConfiguration(readTimeout: .seconds(300)),
    logger: Logger = Logger(label: "bottega-test"),
    shop: (@Sendable (DatabaseQueue) throws -> ShopServices)? = nil,
    loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy(),
    singleUser: Bool = true,
    walletAdminPassword: String? = nil,
    // A file another app of the test opens too (two servers over one SQLite database).
    databasePath: String? = nil,
    // The key file beside it: apps sharing a database must share it too, as servers do.
    keys: KeyFile = .ephemeral(),
    _ body: @Sendable @escaping (any TestClientProtocol, AppStores) async throws -> Void
) async throws {
    var sharing = Configuration()
    // Two apps over one file wait for each other's writes, as two `bottega serve` do.
    sharing.busyMode = .timeout(10)
    let database = try databasePath.map { try DatabaseQueue(path: $0, configuration: sharing) } ?? DatabaseQueue()
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("web-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let nowhere = URL(string: "http://127.0.0.1:9")!
    var app = AppConfiguration(
        database: database, fetch: FetchConfiguration(cacheDirectory: cache), scholarBaseURL: nowhere, openAlexBaseURL: nowhere,
        ticketsAdminPassword: ticketsAdminPassword, ordersAdminPassword: ordersAdminPassword, passwordHasher: PasswordHasher(cost: .testing),
        shop: try shop?(database), runsBackgroundWork: false)
    app.loginThrottle = loginThrottle
    app.singleUser = singleUser
    app.walletAdminPassword = walletAdminPassword
    app.keys = keys
    // The tests' servers are on 127.0.0.1.
    app.allowPrivateFetch = true
    try await AppServices.with(app) { services in
        let stores = AppStores(wallet: services.wallet, tickets: services.tickets.store, orders: services.orders)
        let router = try await buildRouter(configuration, services: services)
        // Live: a real server on 127.0.0.1 and a free port, for clients that speak HTTP themselves.
        let application = Application(
            router: router, server: bottegaServer(configuration), configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await application.test(live ? .live : .router) { client in try await body(client, stores) }
    }
}

/// What a browser keeps between requests: the cookies the app set.
package struct CookieJar {
    package init() {}

    package private(set) var values: [String: String] = [:]

    package mutating func take(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            values[pair[0]] = pair[1].isEmpty ? nil : pair[1]
        }
    }

    package var header: HTTPFields {
        values.isEmpty ? [:] : [.cookie: values.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")]
    }
}

extension HTTPFields {
    package static func json(_ extra: HTTPFields = [:]) -> HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json"]
        fields.append(contentsOf: extra)
        return fields
    }

    package static func form(_ extra: HTTPFields = [:]) -> HTTPFields {
        var fields: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        fields.append(contentsOf: extra)
        return fields
    }
}

/// A `multipart/form-data` body with one file field, as a browser sends a chosen photo.
package func multipartBody(field: String, filename: String, bytes: [UInt8], boundary: String = "bottega-test-boundary") -> (HTTPFields, ByteBuffer) {
    var buffer = ByteBuffer()
    buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n")
    buffer.writeBytes(bytes)
    buffer.writeString("\r\n--\(boundary)--\r\n")
    return ([.contentType: "multipart/form-data; boundary=\(boundary)"], buffer)
}

package func jsonBody(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
}

package func formBody(_ pairs: [(String, String)]) -> ByteBuffer {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    let text = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    return ByteBuffer(string: text)
}
