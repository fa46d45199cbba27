@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The JSON twin of the master-data screens under /api/orders: the same records, the same
/// refusals, as `{"error": {"code", "message"}}` with a 4xx status.
struct AgentScreenAPITests {
    @Test func suppliersProductsAndDiscountsAreCreatedReadChangedAndDeleted() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            let supplier = try await Self.send(client, .post, "/api/orders/suppliers", ["name": "Mobilificio", "email": "ordini@mobilificio.example"])
            #expect(supplier.status == .created)
            let supplierID = try #require(try supplier.json()["id"] as? Int)
            #expect(try supplier.json()["readOnly"] as? Bool == false)
            let customer = try await Self.send(client, .post, "/api/orders/customers", ["companyName": "Bar Sport", "iban": "IT60X0542811101000000123456"])
            let customerID = try #require(try customer.json()["id"] as? Int)

            let product = try await Self.send(client, .post, "/api/orders/products", [
                "supplierID": supplierID, "code": "SEDIA-01", "description": "Sedia", "price": "49,90", "minimumQuantity": 2,
            ])
            #expect(product.status == .created)
            let productBody = try product.json()
            #expect(productBody["price"] as? String == "49.90" && productBody["minimumQuantity"] as? Int == 2 && productBody["supplierID"] as? Int == supplierID)
            let productID = try #require(productBody["id"] as? Int)

            // A PUT changes what it names; the other fields keep their value.
            let changed = try await Self.send(client, .put, "/api/orders/products/\(productID)", ["price": "52.50"])
            #expect(changed.status == .ok)
            #expect(try changed.json()["price"] as? String == "52.50" && changed.json()["code"] as? String == "SEDIA-01")
            #expect(try agent.product(id: Int64(productID))?.price == UnitPrice(cents: 5250))

            let discount = try await Self.send(client, .post, "/api/orders/discounts", ["supplierID": supplierID, "customerID": customerID, "levels": "10+5+2"])
            #expect(discount.status == .created)
            #expect(try discount.json()["levels"] as? String == "10+5+2")
            #expect(try discount.json()["productID"] is NSNull)

            let list = try await client.execute(uri: "/api/orders/products", method: .get)
            #expect((try list.json()["products"] as? [[String: Any]])?.map { $0["code"] as? String } == ["SEDIA-01"])
            let one = try await client.execute(uri: "/api/orders/customers/\(customerID)", method: .get)
            #expect(try one.json()["iban"] as? String == "IT60X0542811101000000123456")

            let deleted = try await client.execute(uri: "/api/orders/products/\(productID)", method: .delete)
            #expect(deleted.status == .noContent)
            #expect(try agent.products().isEmpty)
            // The product's discounts went with it; the whole-list one stays.
            let all = try await client.execute(uri: "/api/orders/discounts", method: .delete)
            #expect(try all.json()["deleted"] as? Int == 1)
            #expect(try agent.discounts().isEmpty)
        }
    }

    @Test func badInputIsA400NamingTheField() async throws {
        try await withBottegaApp { client, stores in
            let supplierID = try #require(try stores.orders.agent.save(Supplier(name: "Mobilificio", email: "o@m.example")).id)
            let customerID = try #require(try stores.orders.agent.save(Customer(companyName: "Bar Sport")).id)
            let cases: [(String, [String: Any], String, String)] = [
                ("/api/orders/customers", ["companyName": " "], "missing_field", "company name is required"),
                ("/api/orders/suppliers", ["name": "Vetreria"], "missing_field", "e-mail is required"),
                ("/api/orders/products", ["supplierID": supplierID, "code": "X-1", "price": "abc"], "bad_price", "price"),
                ("/api/orders/products", ["code": "X-1", "price": "1"], "missing_field", "supplier"),
                ("/api/orders/discounts", ["supplierID": supplierID, "customerID": customerID, "levels": "150"], "discount_level_out_of_range", "between 0 and 100"),
            ]
            for (path, body, code, words) in cases {
                let response = try await Self.send(client, .post, path, body)
                #expect(response.status == .badRequest, "\(path) \(body)")
                let error = try #require(try response.json()["error"] as? [String: Any])
                #expect(error["code"] as? String == code, "\(path) \(body)")
                #expect((error["message"] as? String)?.contains(words) == true, "\(error)")
            }
            let malformed = try await client.execute(uri: "/api/orders/customers", method: .post, headers: .json(), body: ByteBuffer(string: "[1, 2]"))
            #expect(malformed.status == .badRequest)
            #expect((try malformed.json()["error"] as? [String: Any])?["code"] as? String == "malformed_json")
            _ = try await Self.send(client, .post, "/api/orders/products", ["supplierID": supplierID, "code": "X-1", "price": "1"])
            let duplicate = try await Self.send(client, .post, "/api/orders/products", ["supplierID": supplierID, "code": "X-1", "price": "2"])
            #expect(duplicate.status == .conflict)
        }
    }

    @Test func theCompanysRecordsAreReadOnlyAndMissingOnesNotFound() async throws {
        try await withBottegaApp { client, stores in
            let agent = stores.orders.agent
            try AgentMasterData.syncCompanyRecords(agent)
            let id = try AgentMasterData.syncedID(agent, .customer)
            let read = try await client.execute(uri: "/api/orders/customers/\(id)", method: .get)
            #expect(try read.json()["readOnly"] as? Bool == true)
            #expect((try read.json()["origin"] as? [String: Any])?["remoteID"] as? String == "C1")
            let put = try await Self.send(client, .put, "/api/orders/customers/\(id)", ["companyName": "Cambiato"])
            #expect(put.status == .forbidden)
            #expect((try put.json()["error"] as? [String: Any])?["code"] as? String == "read-only_record")
            let delete = try await client.execute(uri: "/api/orders/customers/\(id)", method: .delete)
            #expect(delete.status == .forbidden)
            try AgentMasterData.syncCompanyRecordsAreUnchanged(agent)
            let missing = try await client.execute(uri: "/api/orders/suppliers/999", method: .get)
            #expect(missing.status == .notFound)
            #expect((try missing.json()["error"] as? [String: Any])?["code"] as? String == "unknown_record")
            let deleteMissing = try await client.execute(uri: "/api/orders/discounts/999", method: .delete)
            #expect(deleteMissing.status == .notFound)
        }
    }

    static func send(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: [String: Any]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: .json(), body: jsonBody(body))
    }
}
