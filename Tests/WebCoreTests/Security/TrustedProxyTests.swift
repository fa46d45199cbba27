@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Issue 36: `X-Forwarded-Proto: https` from anyone made cookies Secure, and there was no way to
/// say which proxy's `X-Forwarded-For` to believe, so behind a proxy every client shared one
/// address in the login throttle. Now only a `--trusted-proxy` peer's forwarding headers count.
@Suite struct TrustedProxyTests {
    static func request(_ fields: HTTPFields) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/", headerFields: fields), body: RequestBody(buffer: ByteBuffer()))
    }

    static let proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8"].compactMap(IPNetwork.init))
    static let xff = HTTPField.Name("X-Forwarded-For")!
    static let xfp = HTTPField.Name("X-Forwarded-Proto")!

    @Test func forwardingHeadersCountOnlyFromATrustedPeer() {
        let claims: HTTPFields = [Self.xff: "198.51.100.1", Self.xfp: "https"]
        let stranger = Self.proxies.resolve(peer: "203.0.113.5", Self.request(claims))
        #expect(stranger.address == "203.0.113.5" && stranger.https == false)
        let proxied = Self.proxies.resolve(peer: "127.0.0.1", Self.request(claims))
        #expect(proxied.address == "198.51.100.1" && proxied.https == true)
        // Nobody trusted at all (the default): the peer, whatever it says.
        let untrusting = TrustedProxies().resolve(peer: "127.0.0.1", Self.request(claims))
        #expect(untrusting.address == "127.0.0.1" && untrusting.https == false)
        // A dual-stack socket's IPv4-mapped peer is the same proxy.
        #expect(Self.proxies.resolve(peer: "::ffff:127.0.0.1", Self.request(claims)).address == "198.51.100.1")
    }

    @Test func theClientIsTheRightMostAddressNoTrustedProxyWrote() {
        func client(_ values: [String]) -> String? {
            var fields = HTTPFields()
            for value in values { fields.append(HTTPField(name: Self.xff, value: value)) }
            return Self.proxies.resolve(peer: "127.0.0.1", Self.request(fields)).address
        }
        // What the client wrote itself (6.6.6.6) is to the left of what the proxies appended.
        #expect(client(["6.6.6.6, 198.51.100.1, 10.1.2.3"]) == "198.51.100.1")
        #expect(client(["6.6.6.6", "198.51.100.1"]) == "198.51.100.1")
        #expect(client(["198.51.100.1:4711"]) == "198.51.100.1")
        #expect(client(["[2001:db8::7]:4711"]) == "2001:db8::7")
        // Only proxies in the list: the first of them.
        #expect(client(["10.0.0.3"]) == "10.0.0.3")
        // Something that is no address stops the walk at the proxy that passed it on.
        #expect(client(["198.51.100.1, unknown"]) == "127.0.0.1")
        #expect(client(["198.51.100.1, unknown, 10.0.0.9"]) == "10.0.0.9")
        #expect(client([]) == "127.0.0.1")
    }

    @Test func addressesAndRangesParse() throws {
        let range = try #require(IPNetwork("10.0.0.0/8"))
        let (inside, outside) = (try #require(IPAddress("10.255.0.1")), try #require(IPAddress("11.0.0.1")))
        #expect(range.contains(inside) && !range.contains(outside))
        let v6 = try #require(IPNetwork("2001:db8::/32"))
        let (inside6, outside6) = (try #require(IPAddress("2001:db8:ffff::1")), try #require(IPAddress("2001:db9::1")))
        #expect(v6.contains(inside6) && !v6.contains(outside6))
        #expect(IPNetwork("10.0.0.0/33") == nil && IPNetwork("proxy.example") == nil && IPNetwork("10.0.0.0/") == nil)
        #expect(WebConfiguration.isAddressOrRange("127.0.0.1") && !WebConfiguration.isAddressOrRange("localhost"))
    }

    /// The live client connects from 127.0.0.1: trusted or not, as each test says.
    @Test func httpsOnlyAsATrustedProxySaysSo() async throws {
        let https: HTTPFields = [.contentType: "application/x-www-form-urlencoded", Self.xfp: "https"]
        let login = formBody([("nickname", "ada"), ("password", "s3cret-passphrase")])
        try await withBottegaApp(live: true) { client, _ in
            var jar = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &jar)
            let claimed = try await client.execute(uri: "/barcodes/login", method: .post, headers: https, body: login)
            let cookie = try #require(claimed.headers[values: .setCookie].first { $0.hasPrefix("bottega_session=") })
            #expect(!cookie.contains("Secure"), "\(cookie)")
            #expect(claimed.headers[HTTPField.Name("Strict-Transport-Security")!] == nil)
        }
        try await withBottegaApp(live: true, configuration: configuration(trusting: ["127.0.0.1"])) { client, _ in
            var jar = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &jar)
            let proxied = try await client.execute(uri: "/barcodes/login", method: .post, headers: https, body: login)
            let cookie = try #require(proxied.headers[values: .setCookie].first { $0.hasPrefix("bottega_session=") })
            #expect(cookie.contains("Secure"))
            #expect(proxied.headers[HTTPField.Name("Strict-Transport-Security")!] == "max-age=31536000")
        }
    }

    @Test func theThrottleCountsTheClientsTheTrustedProxyNames() async throws {
        try await withBottegaApp(live: true, configuration: configuration(trusting: ["127.0.0.1"]), loginThrottle: LoginThrottleTests.patientPolicy) { client, _ in
            var jar = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &jar)
            func logIn(_ nickname: String, _ password: String, from address: String) async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/api/barcodes/session", method: .post, headers: .json([Self.xff: address]),
                    body: jsonBody(["nickname": nickname, "password": password])).status
            }
            for guess in 1...6 { #expect(try await logIn("nobody\(guess)", "guess", from: "203.0.113.7") == .unauthorized) }
            #expect(try await logIn("nobody7", "guess", from: "203.0.113.7") == .tooManyRequests)
            // Ada, behind the same proxy but at another address, is not that guesser.
            #expect(try await logIn("ada", "s3cret-passphrase", from: "198.51.100.9") == .ok)
        }
    }
}
