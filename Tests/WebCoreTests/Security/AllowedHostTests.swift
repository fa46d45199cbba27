@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Issue 36: DNS rebinding. The `Host` header was never checked, so a page on attacker.example
/// whose name was made to resolve to 127.0.0.1 was "same origin" with Bottega: it read the
/// owner's searches and rewrote the agent's e-mail. Real sockets throughout: `Host` is what the
/// client writes on the wire.
@Suite struct AllowedHostTests {
    static func raw(_ method: String, _ path: String, host: String?, port: Int, extra: String = "", body: String = "") -> String {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        let version = host == nil ? "HTTP/1.0" : "HTTP/1.1"
        return "\(method) \(path) \(version)\r\n\(hostLine)\(extra)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    @Test func theIssuesRebindingRequestIsRefused421AndChangesNothing() async throws {
        try await withBottegaApp(live: true) { client, _ in
            let port = try #require(client.port)
            // The agent's own details, saved from this server's own address.
            let own = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: .json(), body: jsonBody(["name": "Mario Rossi", "email": "mario@example.org"]))
            #expect(own.status == .ok, "\(own.text)")
            let body = #"{"name":"M","email":"mallory@evil.example"}"#
            let request = Self.raw("PUT", "/api/orders/agent", host: "a.example:\(port)", port: port,
                                   extra: "Origin: http://a.example:\(port)\r\nContent-Type: application/json\r\n", body: body)
            let answer = try await RawConnection.exchange(port: port, send: request, waitUpTo: 10)
            #expect(answer.text.hasPrefix("HTTP/1.1 421"), "\(answer.text.prefix(300))")
            #expect(answer.text.contains(#""code":"unknown_host""#))
            #expect(answer.text.contains("“a.example”") && answer.text.contains("--allowed-host a.example"), "\(answer.text)")
            // The agent's e-mail is as it was.
            let agent = try await client.execute(uri: "/api/orders/agent", method: .get)
            #expect(agent.status == .ok)
            #expect(agent.text.contains("mario@example.org") && !agent.text.contains("mallory"), "\(agent.text)")
            // Reading is refused too (the page read /api/scholar/searches), and a screen gets the error page.
            let read = try await RawConnection.exchange(port: port, send: Self.raw("GET", "/api/scholar/searches", host: "a.example:\(port)", port: port), waitUpTo: 10)
            #expect(read.text.hasPrefix("HTTP/1.1 421"))
            let page = try await RawConnection.exchange(port: port, send: Self.raw("GET", "/scholar", host: "A.Example", port: port), waitUpTo: 10)
            #expect(page.text.hasPrefix("HTTP/1.1 421"))
            #expect(page.text.contains("text/html") && page.text.contains("“A.Example”"), "\(page.text.prefix(600))")
        }
    }

    @Test func thisServersOwnNamesAreServed() async throws {
        var web = WebConfiguration(readTimeout: .seconds(300))
        web.publicURL = URL(string: "https://bottega.example.com")
        web.allowedHosts = ["bottega.local"]
        try await withBottegaApp(live: true, configuration: web) { client, _ in
            let port = try #require(client.port)
            let names: [String?] = [
                "127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "localhost.", "[::1]:\(port)", "bottega.example.com", "bottega.example.com:443",
                "bottega.local:\(port)", nil,
            ]
            for name in names {
                let answer = try await RawConnection.exchange(port: port, send: Self.raw("GET", "/", host: name, port: port), waitUpTo: 10)
                #expect(answer.text.hasPrefix("HTTP/1.1 200") || answer.text.hasPrefix("HTTP/1.0 200"), "\(name ?? "no Host"): \(answer.text.prefix(200))")
            }
            for name in ["bottega.example.com.evil.example", "127.0.0.2", "evil.example", "localhost:80:80", "user@localhost", "[::2]"] {
                let answer = try await RawConnection.exchange(port: port, send: Self.raw("GET", "/api/tickets/provinces", host: name, port: port), waitUpTo: 10)
                #expect(answer.text.hasPrefix("HTTP/1.1 421"), "\(name): \(answer.text.prefix(200))")
            }
        }
    }

    @Test func boundToEveryAddressTheMachinesOwnAddressesAreAllowed() throws {
        let lan = try #require(IPAddress("192.168.1.20"))
        let wildcard = AllowedHosts(WebConfiguration(host: "0.0.0.0"), interfaces: { [lan] })
        #expect(wildcard.allows("192.168.1.20:8080"))
        #expect(wildcard.allows("127.0.0.1:8080") && wildcard.allows("[::1]"))
        #expect(!wildcard.allows("0.0.0.0:8080") && !wildcard.allows("192.168.1.21:8080") && !wildcard.allows("a.example:8080"))
        // With a public address, only that name (and loopback) is this server's.
        var proxied = WebConfiguration(host: "0.0.0.0")
        proxied.publicURL = URL(string: "https://bottega.example.com")
        let behindProxy = AllowedHosts(proxied, interfaces: { [lan] })
        #expect(behindProxy.allows("bottega.example.com") && !behindProxy.allows("192.168.1.20:8080"))
        // Bound to one LAN address: that one.
        let bound = AllowedHosts(WebConfiguration(host: "192.168.1.20"), interfaces: { [] })
        #expect(bound.allows("192.168.1.20:8080") && !bound.allows("192.168.1.21"))
        // The router tests' requests (authority "localhost") and HTTP/1.0's missing Host pass.
        #expect(AllowedHosts(WebConfiguration()).allows("localhost") && AllowedHosts(WebConfiguration()).allows(nil))
    }
}
