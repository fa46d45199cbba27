@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport

/// Issue 36, item 9: a request that is not HTTP/1.1 got a 400 with an empty body, an invalid
/// chunk size mid-body a 500 `internal`, and an empty enum value (`state=`) a 200. Each now gets
/// the promised `{"error": {"code", "message"}}`.
struct MalformedRequestTests {
    /// The JSON body of a raw HTTP answer.
    private func errorCode(in answer: String) throws -> String? {
        let body = try #require(answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) })
        let document = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [String: String]]
        return document?["error"]?["code"]
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon in this header\r\n\r\n",
        "HELLO THERE\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabc",
    ])
    func aRequestHeadThatIsNotHTTPGetsAJSON400(request: String) async throws {
        try await withBottegaApp(live: true) { client, _ in
            let answer = try await RawConnection.exchange(port: try #require(client.port), send: request, waitUpTo: 10)
            #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(answer.text.prefix(300))")
            #expect(answer.text.lowercased().contains("content-type: application/json"))
            #expect(try errorCode(in: answer.text) == "malformed_request")
            #expect(answer.closedByServer)
        }
    }

    @Test func headersPastTheDecodersLimitGetA431() async throws {
        try await withBottegaApp(live: true) { client, _ in
            let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "a", count: 100_000))\r\n\r\n"
            let answer = try await RawConnection.exchange(port: try #require(client.port), send: request, waitUpTo: 10)
            #expect(answer.text.hasPrefix("HTTP/1.1 431"), "\(answer.text.prefix(300))")
            #expect(try errorCode(in: answer.text) == "headers_too_large")
        }
    }

    @Test func anInvalidChunkSizeMidBodyIsA400NotA500() async throws {
        try await withBottegaApp(live: true) { client, _ in
            let request = "PUT /api/orders/agent HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"nam\r\nzz\r\nnope\r\n0\r\n\r\n"
            let answer = try await RawConnection.exchange(port: try #require(client.port), send: request, waitUpTo: 10)
            #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(answer.text.prefix(300))")
            #expect(try errorCode(in: answer.text) == "malformed_request")
            #expect(!answer.text.contains("internal"))
        }
    }

    @Test func anEmptyChoiceIsRefusedNotTakenForAll() async throws {
        try await withBottegaApp { client, _ in
            let answer = try await client.execute(uri: "/api/orders/orders?state=", method: .get)
            #expect(answer.status == .badRequest)
            #expect(String(buffer: answer.body).contains("bad_state"))
            #expect(try await client.execute(uri: "/api/orders/orders?state=sent", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/api/orders/orders", method: .get).status == .ok)
        }
    }
}
