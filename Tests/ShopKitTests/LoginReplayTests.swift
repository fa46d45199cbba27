import Foundation
import ShopKit
import ShopReplay
import Testing

/// The login's customer lookup over HTTP: the recorded 1.6.1 customer 1, served as the answer
/// of `customers?filter[email]=…&display=[…]`.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct LoginReplayTests {
    @Test func theLookupNeedsNoStubAndARegisteredPasswordIsHashedByTheShop() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            // The recorded customer, found by the lookup's own filtered, partial list.
            let found = try await client.customers(withEmail: "pub@prestashop.com")
            #expect(found.map(\.id) == [1] && found.first?.passwordHash == "7a93bfb25b8eee73034fad735ae5a4f5")
            // A plain password posted is stored as a bcrypt hash (Customer::setWsPasswd, §12)…
            let created = await server.write("POST", "customers", xml: """
                <prestashop><customer><lastname>Hopper</lastname><firstname>Grace</firstname><email>grace@example.com</email>\
                <passwd>cobol-1959</passwd><active>1</active><deleted>0</deleted><is_guest>0</is_guest></customer></prestashop>
                """)
            #expect(created.status == 201)
            let login = CustomerLogin(lookup: client)
            let grace = try await login.authenticate(email: "grace@example.com", password: "cobol-1959")
            let hash = try #require(grace.passwordHash)
            #expect(hash.hasPrefix("$2y$10$") && grace.firstname == "Grace")
            await #expect(throws: LoginError.invalidCredentials) { _ = try await login.authenticate(email: "grace@example.com", password: "cobol-1960") }
            // …and a PUT that sends the stored hash back keeps it.
            let id = try #require(grace.id)
            let kept = await server.write("PUT", "customers/\(id)", xml: """
                <prestashop><customer><id>\(id)</id><lastname>Hopper</lastname><firstname>Grace</firstname><email>grace@example.com</email>\
                <passwd>\(hash)</passwd><active>1</active></customer></prestashop>
                """)
            #expect(kept.status == 200)
            let again = try await login.authenticate(email: "grace@example.com", password: "cobol-1959")
            #expect(again.passwordHash == hash)
        }
    }

    /// The recorded `<prestashop><customer>…</customer></prestashop>` of customers/1, wrapped
    /// in `<customers>` as a list answer with display=[…] is.
    func listAnswer() throws -> [UInt8] {
        let record = String(decoding: try ReplayFixtures.bytes(ReplayFixtures.oca, "responses/get_customers_1.xml"), as: UTF8.self)
        let list = record.replacingOccurrences(of: "<customer>", with: "<customers><customer>")
            .replacingOccurrences(of: "</customer>", with: "</customer></customers>")
        return Array(list.utf8)
    }

    @Test func theRecorded16CustomerIsFoundAndItsMD5HashNeedsTheCookieKey() async throws {
        let body = try listAnswer()
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            await server.stub(path: "customers", headers: [(name: "Content-Type", value: "text/xml;charset=utf-8")], body: body)
            let found = try await client.customers(withEmail: "pub@prestashop.com")
            #expect(found.map(\.id) == [1])
            #expect(found.first?.passwordHash == "7a93bfb25b8eee73034fad735ae5a4f5" && found.first?.firstname == "John")

            let login = CustomerLogin(lookup: client)
            await #expect(throws: LoginError.cookieKeyRequired(customerID: 1)) {
                _ = try await login.authenticate(email: "pub@prestashop.com", password: "123456789")
            }
        }
    }

    @Test func aShopThatCannotBeAskedIsALookupFailure() async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca, key: "WRONGKEYWRONGKEYWRONGKEYWRONGKEY") { _, client, _ in
            let login = CustomerLogin(lookup: client)
            await #expect {
                _ = try await login.authenticate(email: "pub@prestashop.com", password: "x")
            } throws: { error in
                guard case .lookupFailed(let reason) = error as? LoginError else { return false }
                return !reason.isEmpty
            }
        }
    }
}
