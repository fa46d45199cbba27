import WebTestSupport
import Foundation
import HummingbirdTesting
import Testing
import TicketKit

/// Issue 39: an inspector checks their own operator's tickets, with its own key.
struct TicketInspectorRouteTests {
    @Test func anInspectorOfOneOperatorRejectsAnothersTicket() async throws {
        try await withBottegaApp { client, stores in
            let catalogue = try stores.tickets.catalogue()
            let mine = try #require(catalogue.operators.first { $0.paymentRoute == .bottega && $0.services.contains(.single) })
            let other = try #require(catalogue.operators.first { $0.code != mine.code })
            let ride = try #require(catalogue.products(operatorCode: mine.code, service: .single).first)
            let payload = try #require(try stores.tickets.issueDirect(operatorCode: mine.code, productCode: ride.code, start: nil).payload)

            let own = try await client.execute(uri: "/api/tickets/verify?operator=\(mine.code)", method: .post, headers: .json(), body: jsonBody(["payload": payload]))
            #expect(try own.json()["valid"] as? Bool == true && own.json()["keyId"] as? String == "\(mine.code):1")
            let foreign = try await client.execute(uri: "/api/tickets/verify?operator=\(other.code)", method: .post, headers: .json(), body: jsonBody(["payload": payload]))
            #expect(try foreign.json()["valid"] as? Bool == false && foreign.json()["reason"] as? String == "other operator")
            let unknown = try await client.execute(uri: "/api/tickets/verify?operator=NOPE", method: .post, headers: .json(), body: jsonBody(["payload": payload]))
            #expect(unknown.status == .badRequest)
            #expect(try (try unknown.json()["error"] as? [String: Any])?["code"] as? String == "unknown_operator")

            let keys = try #require(try await client.execute(uri: "/api/tickets/public-keys", method: .get).json()["keys"] as? [[String: Any]])
            #expect(keys.contains { $0["keyId"] as? String == "\(mine.code):1" && $0["operator"] as? String == mine.code })
            #expect(keys.last?["keyId"] as? String == "server")

            let screen = try await client.execute(uri: "/tickets/verify?operator=\(other.code)", method: .get)
            #expect(screen.text.contains("action=\"/tickets/verify?operator=\(other.code)\""))
            let checked = try await client.execute(
                uri: "/tickets/verify?operator=\(other.code)", method: .post, headers: .form(), body: formBody([("payload", payload)]))
            #expect(checked.text.contains("Rejected: other operator"))
        }
    }
}
