@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import TestSupport
import OrderCompany
import OrderKit
import OrderTransport
import Testing

/// An agent's Bottega meeting a busy company server (issue 19's 503 with Retry-After): it comes
/// back after the wait the server names, a bounded number of times.
struct CompanyTransportBusyTests {
    @Test func a503WithRetryAfterIsRepeatedAfterTheWait() async throws {
        let server = LocalServer { _, count in
            count < 3 ? .init(status: 503, headers: ["Retry-After": "0"], body: #"{"error":{"code":"busy","message":"busy"}}"#) : .init(body: "{}")
        }
        try await server.run { base in
            let response = try await HTTPCompanyTransport(baseURL: base).send(CompanyRequest(method: "GET", path: "/api/orders/business/changes"))
            #expect(response.status == 200)
            #expect(server.received.count == 3)
        }
    }

    @Test func aServerThatStaysBusyIsAnsweredAsItIs() async throws {
        let server = LocalServer { _, _ in .init(status: 503, headers: ["Retry-After": "0"], body: "busy") }
        try await server.run { base in
            let response = try await HTTPCompanyTransport(baseURL: base).send(CompanyRequest(method: "GET", path: "/api/orders/business/changes"))
            #expect(response.status == 503)
            #expect(server.received.count == 1 + HTTPCompanyTransport.busyRetries)
        }
    }

    @Test func a503WithoutRetryAfterIsNotRepeated() async throws {
        let server = LocalServer { _, _ in .init(status: 503, body: "down") }
        try await server.run { base in
            let response = try await HTTPCompanyTransport(baseURL: base).send(CompanyRequest(method: "GET", path: "/x"))
            #expect(response.status == 503)
            #expect(server.received.count == 1)
        }
    }
}
