@testable import TicketsWeb
@testable import WebCore
import WebTestSupport
import Amounts
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TicketKit

/// The operator's catalogue editing: refused without the password, applied with it.
struct TicketAdminTests {
    static let password = "correct horse battery staple"

    static func basic(_ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("operator:\(password)".utf8).base64EncodedString(), .contentType: "application/json"]
    }

    @Test func theAdminAPIRefusesWithoutTheRightPassword() async throws {
        try await withBottegaApp { client, stores in
            let product = try #require(try stores.tickets.catalogue().products.first)
            let body = try JSONEncoder().encode(product)
            let none = try await client.execute(uri: "/api/tickets/admin/products/\(product.code)", method: .put, headers: .json(), body: ByteBuffer(bytes: body))
            #expect(none.status == .unauthorized)
            let wrong = try await client.execute(uri: "/api/tickets/admin/products/\(product.code)", method: .put, headers: Self.basic("guess"), body: ByteBuffer(bytes: body))
            #expect(wrong.status == .unauthorized)
            let delete = try await client.execute(uri: "/api/tickets/admin/products/\(product.code)", method: .delete, headers: [.authorization: "Bearer guess"])
            #expect(delete.status == .unauthorized)
            #expect(try stores.tickets.catalogue().products.contains(product))
        }
    }

    @Test func theAdminIsSwitchedOffWithoutAPassword() async throws {
        try await withBottegaApp(ticketsAdminPassword: nil) { client, _ in
            let refused = try await client.execute(uri: "/api/tickets/admin/products/X", method: .delete, headers: [.authorization: "Bearer anything"])
            #expect(refused.status == .forbidden)
            let screen = try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", "anything")]))
            #expect(screen.status == .forbidden)
        }
    }

    @Test func anOperatorChangesAPriceAndDeletesAProduct() async throws {
        try await withBottegaApp { client, stores in
            var product = try #require(try stores.tickets.catalogue().products.first)
            product.price = try #require(Money("2.35"))
            let saved = try await client.execute(uri: "/api/tickets/admin/products/\(product.code)", method: .put, headers: Self.basic(Self.password), body: ByteBuffer(bytes: try JSONEncoder().encode(product)))
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(try stores.tickets.catalogue().products.first { $0.code == product.code }?.price == Money("2.35"))
            let mismatch = try await client.execute(uri: "/api/tickets/admin/products/OTHER", method: .put, headers: Self.basic(Self.password), body: ByteBuffer(bytes: try JSONEncoder().encode(product)))
            #expect(mismatch.status == .badRequest)
            let garbage = try await client.execute(uri: "/api/tickets/admin/products/\(product.code)", method: .put, headers: Self.basic(Self.password), body: ByteBuffer(string: "{\"price\": 2.35}"))
            #expect(garbage.status == .badRequest)
            let unknownOperator = try await client.execute(uri: "/api/tickets/admin/operators/NOPE", method: .delete, headers: Self.basic(Self.password))
            #expect(unknownOperator.status == .notFound)
        }
    }

    @Test func theAdminScreenNeedsThePasswordAndEdits() async throws {
        try await withBottegaApp { client, stores in
            let login = try await client.execute(uri: "/tickets/admin", method: .get)
            #expect(login.text.contains("Admin password"))
            let wrong = try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", "guess")]))
            #expect(wrong.status == .unauthorized)
            let blocked = try await client.execute(uri: "/tickets/admin/products/X/delete", method: .post)
            #expect(blocked.status == .unauthorized)
            let right = try await client.execute(uri: "/tickets/admin/login", method: .post, headers: .form(), body: formBody([("password", Self.password)]))
            #expect(right.status == .seeOther)
            var jar = CookieJar()
            jar.take(right)
            let admin = try await client.execute(uri: "/tickets/admin", method: .get, headers: jar.header)
            #expect(admin.text.contains("Save the operator"))
            let product = try #require(try stores.tickets.catalogue().products.first { if case .ride = $0.kind { true } else { false } })
            guard case .ride(let minutes) = product.kind else { return }
            let edit = try await client.execute(uri: "/tickets/admin/products", method: .post, headers: .form(jar.header), body: formBody([
                ("code", product.code), ("operatorCode", product.operatorCode), ("name", product.name), ("price", "3.10"),
                ("keyword", product.smsKeyword), ("kind", "ride"), ("minutes", String(minutes)),
            ]))
            #expect(edit.status == .seeOther)
            #expect(try stores.tickets.catalogue().products.first { $0.code == product.code }?.price == Money("3.10"))
            let badPrice = try await client.execute(uri: "/tickets/admin/products", method: .post, headers: .form(jar.header), body: formBody([
                ("code", product.code), ("operatorCode", product.operatorCode), ("name", product.name), ("price", "-1"), ("keyword", ""), ("kind", "ride"), ("minutes", "90"),
            ]))
            #expect(badPrice.status == .badRequest)
        }
    }
}
