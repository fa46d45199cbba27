@testable import OrdersWeb
@testable import WebCore
import WebTestSupport
import Credentials
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OrderCompany
import OrderKit
import Testing

/// Two Bottega apps over one SQLite file, as two `bottega serve` behind a balancer: the back
/// office's cookie, its previewed uploads and its login throttle are the same on both (they were
/// each process's own memory: Apply on the other server answered 410).
struct TwoServersTests {
    static func withTwoApps(
        loginThrottle: LoginThrottlePolicy = LoginThrottlePolicy(),
        _ body: @Sendable @escaping (any TestClientProtocol, any TestClientProtocol, AppStores) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("two-servers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bottega.sqlite").path
        let keys = KeyFile.ephemeral()
        try await withBottegaApp(ordersAdminPassword: "orders-admin-test", loginThrottle: loginThrottle, databasePath: path, keys: keys) { first, stores in
            try await withBottegaApp(ordersAdminPassword: "orders-admin-test", loginThrottle: loginThrottle, databasePath: path, keys: keys) { second, _ in
                try await body(first, second, stores)
            }
        }
    }

    @Test func theBackOfficeWorksWhicheverServerEachRequestReaches() async throws {
        try await Self.withTwoApps { first, second, stores in
            _ = try await stores.orders.company.addCompany(code: "ACME", name: "Acme")
            let session = try await CompanyMasterDataTests.login(first)
            let page = try await second.execute(uri: "/orders/business/companies/ACME", method: .get, headers: session)
            #expect(page.status == .ok && page.text.contains("ACME"), "the cookie made on the first server")
            let preview = try await CompanyMasterDataTests.upload(first, session, kind: "cliente", "Ragione sociale;Città\nBar Sport;Cesena\n")
            #expect(preview.status == .ok)
            let applied = try await CompanyMasterDataTests.apply(second, session, preview)
            #expect(applied.status == .seeOther && applied.headers[.location]?.contains("1%20new") == true, "\(applied.status) \(applied.text)")
            #expect(try await CompanyMasterDataTests.apply(first, session, preview).status == .gone, "applied once")
            _ = try await second.execute(uri: "/orders/business/logout", method: .post, headers: session)
            let afterLogout = try await first.execute(uri: "/orders/business/companies/ACME/records?kind=cliente", method: .get, headers: session)
            #expect(afterLogout.status == .unauthorized)
        }
    }

    @Test func wrongAdminPasswordsAreCountedOnBothServers() async throws {
        // The first wait a minute long, so a busy machine cannot let it end between two requests.
        var policy = LoginThrottlePolicy()
        policy.firstWait = 60
        try await Self.withTwoApps(loginThrottle: policy) { first, second, _ in
            for (index, client) in [first, second, first, second, first].enumerated() {
                let wrong = try await client.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", "guess \(index)")]))
                #expect(wrong.status == .unauthorized)
            }
            let sixth = try await second.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", "guess")]))
            #expect(sixth.status == .unauthorized)
            let seventh = try await first.execute(uri: "/orders/business/login", method: .post, headers: .form(), body: formBody([("password", "guess")]))
            #expect(seventh.status == .tooManyRequests)
        }
    }
}
