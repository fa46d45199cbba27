@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The agent's own details: the name printed on every order and the address the company copies
/// each order to, on `/orders/me` and `/api/orders/agent`.
struct AgentScreenProfileTests {
    @Test func theDetailsAreSavedShownOnSyncAndANameIsRequired() async throws {
        try await withBottegaApp { client, stores in
            let unset = try await client.execute(uri: "/orders/sync", method: .get)
            #expect(unset.text.contains("Your name is not set"))

            let nameless = try await AgentMasterData.post(client, "/orders/me", [("name", "  "), ("email", "mario@agenzia.example")])
            #expect(nameless.status == .badRequest)
            #expect(nameless.text.contains("name is required"))
            // What was typed comes back, so nothing needs typing twice.
            #expect(nameless.text.contains("value=\"mario@agenzia.example\""))
            #expect(try stores.orders.agent.agent() == nil)

            let saved = try await AgentMasterData.post(client, "/orders/me", [
                ("name", "Mario Rossi"), ("email", "mario@agenzia.example"), ("phone", "0543 111222"), ("mobile", "333 4445556"),
                ("fax", "0543 111223"), ("address", "Via Emilia 12"), ("city", "Forlì"),
            ])
            #expect(saved.status == .seeOther)
            #expect(try stores.orders.agent.agent() == Agent(
                name: "Mario Rossi", phone: "0543 111222", fax: "0543 111223", mobile: "333 4445556", email: "mario@agenzia.example",
                address: "Via Emilia 12", city: "Forlì"
            ))
            let page = try await client.execute(uri: "/orders/me", method: .get)
            #expect(page.text.contains("value=\"Via Emilia 12\""))
            let sync = try await client.execute(uri: "/orders/sync", method: .get)
            #expect(sync.text.contains("Mario Rossi") && sync.text.contains("mario@agenzia.example"))
        }
    }

    @Test func theJSONTwinReadsAndChangesTheDetails() async throws {
        try await withBottegaApp { client, stores in
            let missing = try await client.execute(uri: "/api/orders/agent", method: .get)
            #expect(missing.status == .notFound)
            #expect(try missing.json()["error"] != nil)

            let put = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name": "Mario Rossi", "email": "mario@agenzia.example"}"#)
            )
            #expect(put.status == .ok)
            #expect(try put.json()["email"] as? String == "mario@agenzia.example")
            // A second PUT changes only what it names.
            _ = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"city": "Forlì"}"#)
            )
            #expect(try stores.orders.agent.agent()?.email == "mario@agenzia.example")
            #expect(try stores.orders.agent.agent()?.city == "Forlì")

            let blank = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"name": ""}"#)
            )
            #expect(blank.status == .badRequest)
            #expect((try blank.json()["error"] as? [String: Any])?["code"] as? String == "missing_agent_name")
            let malformed = try await client.execute(
                uri: "/api/orders/agent", method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{name")
            )
            #expect(malformed.status == .badRequest)
            #expect(try stores.orders.agent.agent()?.name == "Mario Rossi")
        }
    }
}
