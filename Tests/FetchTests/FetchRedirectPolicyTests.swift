import Foundation
import HTTPTransport
import Synchronization
import Testing
@testable import Fetch
import TestSupport

/// Issue 36, item 8: the fetcher followed up to five redirects without judging where they led,
/// and a name was looked up once for the check and again to connect.
@Suite struct FetchRedirectPolicyTests {
    /// A policy for local servers: the one port it is given counts as "elsewhere" (a public
    /// server) and is reached at 127.0.0.1; every other target is refused. `names` are looked up
    /// by the policy alone (no resolver knows them). Every question is kept.
    final class OnePortPolicy: OutboundPolicy {
        let allowedPort: Int
        let names: Set<String>
        let asked = Mutex<[String]>([])

        init(allowedPort: Int, names: Set<String> = ["127.0.0.1"]) {
            self.allowedPort = allowedPort
            self.names = names
        }

        func destination(for url: URL) throws(OutboundRefusal) -> String {
            asked.withLock { $0.append(url.absoluteString) }
            let host = url.host ?? ""
            guard names.contains(host), url.port == allowedPort else { throw OutboundRefusal(host: host, reason: "\(host) is refused") }
            return "127.0.0.1"
        }
    }

    func configuration() -> FetchConfiguration {
        FetchConfiguration(retryBackoff: .milliseconds(10), politeness: [:], defaultPoliteness: .none)
    }

    @Test func aRedirectToARefusedTargetIsNotFollowed() async throws {
        try await LocalServer.run({ _ in .init(body: "internal secret") }) { inside in
            let target = inside.url("/admin").absoluteString
            try await LocalServer.run({ _ in .init(status: 302, headers: ["Location": target]) }) { outside in
                let policy = OnePortPolicy(allowedPort: outside.baseURL.port ?? 0)
                try await Fetcher.withFetcher(configuration()) { fetcher in
                    let error = await #expect(throws: FetchError.self) {
                        try await fetcher.get(FetchRequest(url: outside.url("/homepage"), outbound: policy))
                    }
                    #expect(error == .refused(url: target, reason: "127.0.0.1 is refused"))
                }
                #expect(await outside.requestCount() == 1)
                #expect(policy.asked.withLock { $0 } == [outside.url("/homepage").absoluteString, target])
            }
            #expect(await inside.requestCount() == 0, "the redirect reached the refused server")
        }
    }

    @Test func everyHopOfAnAllowedChainIsJudged() async throws {
        try await LocalServer.run({ request in
            switch request.path {
            case "/a": .init(status: 301, headers: ["Location": "/b"])
            case "/b": .init(status: 307, headers: ["Location": "/c"])
            default: .init(body: "the page")
            }
        }) { server in
            let policy = OnePortPolicy(allowedPort: server.baseURL.port ?? 0)
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let page = try await fetcher.get(FetchRequest(url: server.url("/a"), outbound: policy))
                #expect(page.text == "the page")
            }
            #expect(policy.asked.withLock { $0 }.map { URL(string: $0)?.path } == ["/a", "/b", "/c"])
        }
    }

    /// The name resolves nowhere but in the policy: the page can only arrive if the connection
    /// went to the address the policy judged, with the name kept in `Host`.
    @Test func theRequestConnectsToTheAddressJudgedAndKeepsTheName() async throws {
        try await LocalServer.run({ _ in .init(body: "judged") }) { server in
            let port = server.baseURL.port ?? 0
            let policy = OnePortPolicy(allowedPort: port, names: ["homepage.invalid"])
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let url = try #require(URL(string: "http://homepage.invalid:\(port)/page"))
                let page = try await fetcher.get(FetchRequest(url: url, outbound: policy))
                #expect(page.text == "judged")
            }
            #expect(await server.requests().first?.authority == "homepage.invalid:\(port)")
            #expect(policy.asked.withLock { $0.count } == 1)
        }
    }

    /// AsyncHTTPClient also speaks `http+unix:`; a redirect must not reach a local socket.
    @Test(arguments: ["http+unix://%2Frun%2Fdocker.sock/info", "file:///etc/passwd", "gopher://127.0.0.1:6379/_INFO"])
    func aRedirectToAnotherSchemeIsNotFollowedEvenWithoutAPolicy(location: String) async throws {
        try await LocalServer.run({ _ in .init(status: 302, headers: ["Location": location]) }) { server in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let error = await #expect(throws: FetchError.self) { try await fetcher.get(server.url("/start")) }
                guard case .refused(let url, let reason) = error else {
                    Issue.record("expected a refusal, got \(String(describing: error))")
                    return
                }
                #expect(url == location)
                #expect(reason.contains("not an http(s) address"))
            }
        }
    }
}
