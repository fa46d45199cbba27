@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// The company's back office: behind its password; companies, agents, uploads and orders.
struct CompanyScreenTests {
    static let password = "back office passphrase"

    static func withCompanyScreens(_ body: @Sendable @escaping (any TestClientProtocol, AppStores, CookieJar) async throws -> Void) async throws {
        try await withBottegaApp(ordersAdminPassword: password) { client, stores in
            var jar = CookieJar()
            jar.take(try await client.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", Self.password)])))
            try await body(client, stores, jar)
        }
    }

    @Test func theBackOfficeNeedsItsPassword() async throws {
        try await withBottegaApp(ordersAdminPassword: Self.password) { client, stores in
            let login = try await client.execute(uri: "/orders/business", method: .get)
            #expect(login.text.contains("Back office password"))
            let wrong = try await client.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", "guess")]))
            #expect(wrong.status == .unauthorized)
            let blocked = try await client.execute(uri: "/orders/business/companies", method: .post, headers: .form(), body: formBody([("code", "X1"), ("name", "X")]))
            #expect(blocked.status == .unauthorized)
            #expect(try await stores.orders.company.companies().isEmpty)
        }
        try await withBottegaApp { client, _ in
            let off = try await client.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", "anything")]))
            #expect(off.status == .forbidden)
        }
    }

    @Test func aCompanyIsSetUpAndAnUploadGivesACode() async throws {
        try await Self.withCompanyScreens { client, stores, jar in
            let added = try await client.execute(uri: "/orders/business/companies", method: .post, headers: .form(jar.header), body: formBody([("code", "ACME"), ("name", "Acme Forniture")]))
            #expect(added.status == .seeOther)
            let agent = try await client.execute(uri: "/orders/business/companies/ACME/agents", method: .post, headers: .form(jar.header), body: formBody([("username", "mario.rossi"), ("password", "una password lunga")]))
            #expect(agent.status == .seeOther)
            #expect(try await stores.orders.company.authenticate(company: "ACME", username: "mario.rossi", password: "una password lunga") == .allowed)
            let csv = Array("id;ragione sociale;città\nC1;Caffè Società;Forlì\n".utf8)
            var (headers, body) = multipartBody(field: "file", filename: "clienti.csv", bytes: csv)
            headers.append(contentsOf: jar.header)
            let upload = try await client.execute(uri: "/orders/business/companies/ACME/imports?kind=cliente", method: .post, headers: headers, body: body)
            #expect(upload.status == .seeOther)
            let location = try #require(upload.headers[.location])
            #expect(location.contains("import%20code%20"))
            let page = try await client.execute(uri: location, method: .get, headers: jar.header)
            #expect(page.text.contains("mario.rossi") && page.text.contains("import code"))
            var (badHeaders, badBody) = multipartBody(field: "file", filename: "clienti.csv", bytes: Array("città\nForlì\n".utf8))
            badHeaders.append(contentsOf: jar.header)
            let missingColumn = try await client.execute(uri: "/orders/business/companies/ACME/imports?kind=cliente", method: .post, headers: badHeaders, body: badBody)
            #expect(missingColumn.status == .badRequest)
            let duplicate = try await client.execute(uri: "/orders/business/companies", method: .post, headers: .form(jar.header), body: formBody([("code", "ACME"), ("name", "Again")]))
            #expect(duplicate.status == .badRequest)
        }
    }

    @Test func aReceivedOrderOpensAsItsPDF() async throws {
        try await Self.withCompanyScreens { client, stores, jar in
            try await TestCompany.prepare(stores)
            let received = try await stores.orders.company.receive(try OrdersReceivingTests.submission(), from: "mario.rossi", company: "ACME")
            let page = try await client.execute(uri: "/orders/business/companies/ACME", method: .get, headers: jar.header)
            #expect(page.text.contains("Caffè Società Cooperativa"))
            let pdf = try await client.execute(uri: "/orders/business/companies/ACME/orders/\(received.number)", method: .get, headers: jar.header)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))
            let other = try await client.execute(uri: "/orders/business/companies/ACME/orders/999", method: .get, headers: jar.header)
            #expect(other.status == .notFound)
        }
    }
}
