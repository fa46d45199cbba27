@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTransport
import OrderKit
import Testing
import TestSupport

/// Issue 36, item 8: `OutboundAddress` judged the first address only, by range only; a redirect
/// was followed wherever it led, and the name was looked up again to connect.
@Suite struct OutboundRedirectTests {
    /// The standard rule, except that 127.0.0.1 on `port` counts as a public server elsewhere
    /// (the tests have no other machine), and `names` resolve to 127.0.0.1.
    static func policy(allowingPort port: Int, names: Set<String> = []) -> OutboundAddress {
        OutboundAddress(
            permits: { address, asked in (address == [127, 0, 0, 1] && asked == port) || OutboundAddress.standard.permits(address, asked) },
            resolve: { host in names.contains(host) ? [[127, 0, 0, 1]] : OutboundAddress.resolve(host) })
    }

    static let homepage = "<html><body><ul><li><i>Cellular geography</i> (1979)</li><li><i>A computer movie</i> (1970)</li>"
        + "<li><i>On the first law of geography</i> (2004)</li></ul></body></html>"

    @Test func theHomepageFormDoesNotFollowARedirectToThisMachine() async throws {
        try await LocalServer.run({ _ in .init(headers: ["Content-Type": "text/html"], body: "<p>secret</p>") }) { inside in
            // `localhost` resolves to loopback: the redirect names this machine by a name, not an address.
            let target = "http://localhost:\(inside.baseURL.port ?? 0)/admin"
            try await LocalServer.run({ _ in .init(status: 302, headers: ["Location": target]) }) { outside in
                try await OutboundAddress.$current.withValue(Self.policy(allowingPort: outside.baseURL.port ?? 0)) {
                    try await withWebApp(allowPrivateFetch: false) { client, workspace in
                        let id = try storeThreePapers(workspace)
                        let answer = try await client.execute(
                            uri: "/scholar/searches/\(id)/homepage", method: .post, headers: .form(),
                            body: formBody([("address", outside.url("/home").absoluteString)]))
                        #expect(answer.status == .badRequest)
                        #expect(answer.text.contains("localhost is on this machine or a private network"))
                        #expect(!answer.text.contains("secret"))
                    }
                }
                #expect(await outside.requestCount() == 1)
            }
            #expect(await inside.requestCount() == 0, "the redirect to this machine was followed")
        }
    }

    @Test func theHomepageIsFetchedFromTheAddressJudged() async throws {
        try await LocalServer.run({ _ in .init(headers: ["Content-Type": "text/html"], body: Self.homepage) }) { server in
            let port = server.baseURL.port ?? 0
            try await OutboundAddress.$current.withValue(Self.policy(allowingPort: port, names: ["homepage.invalid"])) {
                try await withWebApp(allowPrivateFetch: false) { client, workspace in
                    let id = try storeThreePapers(workspace)
                    let answer = try await client.execute(
                        uri: "/scholar/searches/\(id)/homepage", method: .post, headers: .form(),
                        body: formBody([("address", "http://homepage.invalid:\(port)/")]))
                    #expect(answer.status == .seeOther, "\(answer.text)")
                }
            }
            #expect(await server.requests().first?.authority == "homepage.invalid:\(port)")
        }
    }

    @Test func theAgentsTransportConnectsToTheAddressJudged() async throws {
        try await LocalServer.run({ _ in .init(body: "{}") }) { server in
            let port = server.baseURL.port ?? 0
            let transport = OutboundAddress.$current.withValue(Self.policy(allowingPort: port, names: ["company.invalid"])) {
                CheckedCompanyTransport.maker(allowPrivate: false)(URL(string: "http://company.invalid:\(port)")!)
            }
            // Plain HTTP goes to this machine only; the name is not this machine, so it is refused first…
            await #expect(throws: AgentStoreError.insecureServer("http://company.invalid:\(port)")) {
                _ = try await transport.send(CompanyRequest(method: "GET", path: "/check"))
            }
            // …and the transport underneath connects to the address judged, keeping the name.
            let inner = try #require((transport as? CheckedCompanyTransport)?.inner)
            let answer = try await inner.send(CompanyRequest(method: "GET", path: "/check"))
            #expect(answer.status == 200)
            #expect(await server.requests().first?.authority == "company.invalid:\(port)")
        }
    }

    @Test func aNameResolvingToARefusedAddressIsRefused() throws {
        let policy = OutboundAddress(permits: OutboundAddress.standard.permits, resolve: { _ in [[93, 184, 216, 34], [10, 0, 0, 7]] })
        // One private address among public ones is enough: the name is made to reach the LAN.
        #expect(throws: OutboundRefusal.self) { try policy.destination(for: URL(string: "https://mixed.example/")!) }
        let rebound = OutboundAddress(permits: OutboundAddress.standard.permits, resolve: { _ in [[127, 0, 0, 1]] })
        let refusal = #expect(throws: OutboundRefusal.self) { try rebound.destination(for: URL(string: "https://rebound.example/")!) }
        #expect(refusal?.reason.contains("rebound.example is on this machine or a private network") == true)
        let elsewhere = OutboundAddress(permits: { address, _ in OutboundAddress.permitted(address, interfaces: []) }, resolve: { _ in [[93, 184, 216, 34]] })
        #expect(try elsewhere.destination(for: URL(string: "https://example.org/")!) == "93.184.216.34")
    }

    @Test func thisMachinesOwnAddressesAreRefusedEvenWhenPublic() {
        let own: [UInt8] = [93, 184, 216, 34]
        #expect(OutboundAddress.permitted(own, interfaces: []))
        #expect(!OutboundAddress.permitted(own, interfaces: [own]))
        // The same address written IPv4-mapped is the same machine.
        #expect(!OutboundAddress.permitted(Array(repeating: 0, count: 10) + [0xFF, 0xFF] + own, interfaces: [own]))
        // getifaddrs lists the loopback at least, and the standard rule refuses whatever it lists.
        let interfaces = OutboundAddress.interfaceAddresses()
        #expect(interfaces.contains([127, 0, 0, 1]))
        for address in interfaces { #expect(!OutboundAddress.standard.permits(address, 80), "\(address)") }
    }

    @Test(arguments: [
        // IPv4-compatible ::127.0.0.1, NAT64 of 10.0.0.1, 6to4 of 192.168.0.1, site-local, 198.18/15, 192.0.0/24.
        [UInt8](repeating: 0, count: 12) + [127, 0, 0, 1],
        [0x00, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) + [10, 0, 0, 1],
        [0x20, 0x02, 192, 168, 0, 1] + [UInt8](repeating: 0, count: 10),
        [0xFE, 0xC0] + [UInt8](repeating: 0, count: 13) + [1],
        [198, 18, 0, 1], [198, 19, 255, 1], [192, 0, 0, 8],
    ])
    func addressesThatCarryAPrivateOneAreNotPublic(address: [UInt8]) {
        #expect(!OutboundAddress.isPublic(address))
    }
}
