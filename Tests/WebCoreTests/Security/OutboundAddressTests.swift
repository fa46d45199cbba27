@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTransport
import OrderKit
import Testing

/// Issue 23: the homepage form fetched any address, 127.0.0.1 included, and said what answered
/// there; the agent's sync sent its credentials to any server.
@Suite struct OutboundAddressTests {
    @Test(arguments: [
        "http://127.0.0.1:8080/", "http://localhost/", "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/",
        "http://169.254.169.254/latest/meta-data/", "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fe80::1]/",
        "http://[fd00::1]/", "http://[::ffff:127.0.0.1]/", "http://224.0.0.1/", "http://no-such-host.invalid/",
    ])
    func anAddressOnThisMachineOrAPrivateNetworkIsRefused(address: String) throws {
        let url = try #require(URL(string: address))
        #expect(throws: OutboundRefusal.self) { try OutboundAddress.check(url) }
    }

    @Test func publicAddressesPass() {
        for address: [UInt8] in [[8, 8, 8, 8], [93, 184, 216, 34], [172, 32, 0, 1], [100, 128, 0, 1], [2, 0x2a, 0, 1]] {
            #expect(OutboundAddress.isPublic(address), "\(address)")
        }
        #expect(OutboundAddress.isPublic([0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1]))
    }

    @Test func theHomepageFormRefusesALoopbackAddressWithoutSayingWhatAnswered() async throws {
        // A server of the tests' own, not allowed to fetch from private addresses.
        try await withWebApp(allowPrivateFetch: false) { client, workspace in
            let id = try storeThreePapers(workspace)
            let answer = try await client.execute(
                uri: "/scholar/searches/\(id)/homepage", method: .post, headers: .form(), body: formBody([("address", "http://127.0.0.1:9/secret")]))
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains("on this machine or a private network"))
            #expect(!answer.text.contains("refused") && !answer.text.contains("HTTP 404"))
        }
    }

    @Test func theAgentsCredentialsDoNotGoToAPrivateServer() async throws {
        let transport = CheckedCompanyTransport.maker(allowPrivate: false)(URL(string: "http://127.0.0.1:9")!)
        await #expect(throws: CompanyTransportFailure.refusedAddress(host: "127.0.0.1")) {
            _ = try await transport.send(CompanyRequest(method: "GET", path: "/check"))
        }
    }
}

/// Issue 23: the agent's credentials went to any `serverURL`, over plain HTTP too.
@Suite struct CredentialsTransportTests {
    @Test func aPlainHTTPServerElsewhereIsRefusedWhereTheAccountIsSaved() async throws {
        try await withBottegaApp { client, _ in
            let plain = try await client.execute(
                uri: "/api/orders/subscriptions", method: .post, headers: .json(),
                body: jsonBody(["serverURL": "http://orders.example.com", "company": "ACME", "username": "mario", "password": "una password lunga"]))
            #expect(plain.status == .badRequest)
            #expect(try (plain.json()["error"] as? [String: Any])?["code"] as? String == "insecure_server")
            for address in ["https://orders.example.com", "http://127.0.0.1:8080"] {
                let fine = try await client.execute(
                    uri: "/api/orders/subscriptions", method: .post, headers: .json(),
                    body: jsonBody(["serverURL": address, "company": "ACME", "username": "mario", "password": "una password lunga"]))
                #expect(fine.status == .created, "\(address): \(fine.text)")
            }
        }
    }

    @Test func theTransportSendsNoCredentialsOverPlainHTTPElsewhere() async throws {
        let transport = CheckedCompanyTransport.maker(allowPrivate: true)(URL(string: "http://orders.example.com")!)
        await #expect(throws: AgentStoreError.insecureServer("http://orders.example.com")) {
            _ = try await transport.send(CompanyRequest(method: "GET", path: "/check"))
        }
    }
}
