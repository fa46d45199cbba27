@testable import WebCore
import WebTestSupport
import BottegaWeb
import Credentials
import Fetch
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: a form posted from another site deleted a Scholar search, changed the agent's
/// details and logged a browser in as someone else. Every state-changing route now refuses a
/// request a browser marks as cross-site.
@Suite struct CrossSiteTests {
    /// Every POST, PUT, PATCH and DELETE route of the app, its parameters filled in.
    private static func stateChangingRoutes(_ router: Router<WebRequestContext>) -> [(HTTPRequest.Method, String)] {
        router.routes.compactMap { route -> (HTTPRequest.Method, String)? in
            guard [.post, .put, .patch, .delete].contains(route.method) else { return nil }
            let path = route.path.components.map { component -> String in
                let text = component.description
                return text.hasPrefix("{") || text.hasPrefix(":") ? "1" : text
            }.joined(separator: "/")
            guard !path.contains("*") else { return nil }
            return (route.method, "/" + path)
        }
    }

    private func withRouter(_ body: (Router<WebRequestContext>) async throws -> Void) async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cross-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let configuration = AppConfiguration(
            database: try DatabaseQueue(), fetch: FetchConfiguration(cacheDirectory: cache), ticketsAdminPassword: "admin password",
            ordersAdminPassword: "admin password", passwordHasher: PasswordHasher(cost: .testing), runsBackgroundWork: false)
        try await AppServices.with(configuration) { services in try await body(try await buildRouter(WebConfiguration(), services: services)) }
    }

    @Test func everyFormAndJSONWriteRefusesAnotherSitesOrigin() async throws {
        try await withRouter { router in
            let routes = Self.stateChangingRoutes(router)
            #expect(routes.count > 60, "only \(routes.count) state-changing routes found")
            try await Application(router: router).test(.router) { client in
                for (method, path) in routes {
                    for headers: HTTPFields in [[.origin: "https://evil.example"], [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]] {
                        let answer = try await client.execute(uri: path, method: method, headers: headers)
                        #expect(answer.status == .forbidden, "\(method) \(path) with \(headers) → \(answer.status.code)")
                    }
                }
            }
        }
    }

    @Test func theAppsOwnPagesAndClientsWithoutAnOriginStillWork() async throws {
        try await withBottegaApp(live: true) { client, _ in
            let port = try #require(client.port)
            // The wallet keeps a visitor's codes on the device cookie its scan page hands out.
            var device = CookieJar()
            device.take(try await client.execute(uri: "/barcodes", method: .get))
            // A browser on Bottega's own page: same origin.
            let own = try await client.execute(
                uri: "/api/barcodes/codes", method: .post,
                headers: .json(device.header + ([.origin: "http://localhost:\(port)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"] as HTTPFields)),
                body: jsonBody(["format": "EAN_8", "text": "96385074"]))
            #expect(own.status == .created, "\(own.text) \(own.headers)")
            // curl and the agent's app send no Origin.
            let plain = try await client.execute(uri: "/api/barcodes/codes", method: .post, headers: .json(device.header), body: jsonBody(["format": "EAN_8", "text": "55123457"]))
            #expect(plain.status == .created)
            let evil = try await client.execute(
                uri: "/api/barcodes/codes", method: .post, headers: .json([.origin: "https://evil.example"]), body: jsonBody(["format": "EAN_8", "text": "96385074"]))
            #expect(evil.status == .forbidden)
            #expect(try (evil.json()["error"] as? [String: Any])?["code"] as? String == "cross_site")
        }
    }

    /// Behind a TLS proxy the browser's `Origin` is the public address, not the `Host` the proxy
    /// passes on: `--public-url` names it.
    @Test func thePublicURLsOriginIsThisServersOwn() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cross-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let configuration = AppConfiguration(
            database: try DatabaseQueue(), fetch: FetchConfiguration(cacheDirectory: cache), passwordHasher: PasswordHasher(cost: .testing), runsBackgroundWork: false)
        var web = WebConfiguration()
        web.publicURL = URL(string: "https://Bottega.Example.com/")
        try await AppServices.with(configuration) { services in
            let router = try await buildRouter(web, services: services)
            try await Application(router: router).test(.router) { client in
                let body = jsonBody(["format": "EAN_8", "text": "96385074"])
                var device = CookieJar()
                device.take(try await client.execute(uri: "/barcodes", method: .get))
                let proxied = try await client.execute(
                    uri: "/api/barcodes/codes", method: .post, headers: .json(device.header + ([.origin: "https://bottega.example.com"] as HTTPFields)), body: body)
                #expect(proxied.status == .created, "\(proxied.text)")
                let other = try await client.execute(
                    uri: "/api/barcodes/codes", method: .post, headers: .json([.origin: "https://bottega.example.com.evil.example"]), body: body)
                #expect(other.status == .forbidden)
            }
        }
    }
}
