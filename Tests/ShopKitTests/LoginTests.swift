@testable import ShopKit
import Testing

/// Customer login: bcrypt through libxcrypt, MD5 only with a cookie key, which account is used.
struct LoginTests {
    typealias S = LoginSamples

    func login(_ customers: [Customer], cookieKey: String? = nil) -> CustomerLogin {
        CustomerLogin(lookup: FakeCustomerLookup(customers), cookieKey: cookieKey)
    }

    @Test(arguments: [S.bcrypt2y, S.bcrypt2b, S.bcrypt2a])
    func bcryptHashesOfEveryTagVerify(hash: String) async throws {
        let login = login([S.customer(7, hash: hash)])
        let customer = try await login.authenticate(email: "anna@example.com", password: S.password)
        #expect(customer.id == 7 && customer.firstname == "Anna")
        await #expect(throws: LoginError.invalidCredentials) {
            _ = try await login.authenticate(email: "anna@example.com", password: "tr0ub4dor&3")
        }
    }

    /// An unknown email answers as a wrong password does, after the same work: one bcrypt at
    /// PrestaShop's cost against a dummy hash. Checked by what is verified, not by a stopwatch
    /// (timings belong in benchmarks): the dummy must be a well-formed cost-10 bcrypt that
    /// `crypt_r` really computes — a malformed one would be rejected at once, and the answer
    /// would come back measurably faster.
    @Test func unknownEmailAndWrongPasswordAreOneAnswerAfterOneBcrypt() async throws {
        let login = login([S.customer(7)])
        await #expect(throws: LoginError.invalidCredentials) { _ = try await login.authenticate(email: "anna@example.com", password: "nope") }
        await #expect(throws: LoginError.invalidCredentials) { _ = try await login.authenticate(email: "nobody@example.com", password: "nope") }
        #expect(CustomerLogin.timingDummy.hasPrefix("$2y$10$") && CustomerLogin.timingDummy.count == 60)
        #expect(try Bcrypt.verify("bottega-timing-dummy", against: CustomerLogin.timingDummy))
        #expect(try !Bcrypt.verify("nope", against: CustomerLogin.timingDummy))
    }

    @Test func theRecorded16CustomersMD5HashIsRefusedWithoutACookieKey() async throws {
        try #require(DocumentFixtures.present, "\(DocumentFixtures.absent)")
        let recorded = try Customer.one(in: try DocumentFixtures.response("get_customers_1.xml"))
        let withoutKey = login([recorded])
        await #expect(throws: LoginError.cookieKeyRequired(customerID: 1)) {
            _ = try await withoutKey.authenticate(email: "pub@prestashop.com", password: "anything")
        }
        #expect(LoginError.cookieKeyRequired(customerID: 1).description.contains("SHOP_COOKIE_KEY"))
        // With a key that is not that shop's, the hash simply does not match.
        let wrongKey = login([recorded], cookieKey: S.cookieKey)
        await #expect(throws: LoginError.invalidCredentials) {
            _ = try await wrongKey.authenticate(email: "pub@prestashop.com", password: "anything")
        }
    }

    @Test func anMD5HashVerifiesWithTheCookieKey() async throws {
        let login = login([S.customer(3, hash: S.md5)], cookieKey: S.cookieKey)
        let customer = try await login.authenticate(email: "anna@example.com", password: S.password)
        #expect(customer.id == 3)
        await #expect(throws: LoginError.invalidCredentials) {
            _ = try await login.authenticate(email: "anna@example.com", password: "Tr0ub4dor&4")
        }
        // Upper-case hex is the same hash.
        let upper = self.login([S.customer(3, hash: S.md5.uppercased())], cookieKey: S.cookieKey)
        #expect(try await upper.authenticate(email: "anna@example.com", password: S.password).id == 3)
        // An empty key is no key.
        let empty = self.login([S.customer(3, hash: S.md5)], cookieKey: "")
        await #expect(throws: LoginError.cookieKeyRequired(customerID: 3)) {
            _ = try await empty.authenticate(email: "anna@example.com", password: S.password)
        }
    }

    @Test func inactiveAccountsSayDisabledOnlyAfterTheRightPassword() async throws {
        let login = login([S.customer(4, hash: S.bcrypt2b, active: false)])
        await #expect(throws: LoginError.accountInactive(customerID: 4)) {
            _ = try await login.authenticate(email: "anna@example.com", password: S.password)
        }
        await #expect(throws: LoginError.invalidCredentials) {
            _ = try await login.authenticate(email: "anna@example.com", password: "wrong")
        }
    }

    @Test func deletedAndGuestAccountsNeverLogIn() async throws {
        let onlyDeletedOrGuest = login([S.customer(5, hash: S.bcrypt2b, deleted: true), S.customer(6, hash: S.bcrypt2a, guest: true)])
        await #expect(throws: LoginError.invalidCredentials) {
            _ = try await onlyDeletedOrGuest.authenticate(email: "anna@example.com", password: S.password)
        }
        // The same email as a guest (checkout without account), deleted, inactive and real account:
        // the active registered one is used.
        let mixed = login([
            S.customer(10, hash: S.bcrypt2a, guest: true), S.customer(11, hash: S.bcrypt2a, deleted: true),
            S.customer(12, hash: S.bcrypt2b, active: false), S.customer(13, hash: S.bcrypt2b),
        ])
        #expect(try await mixed.authenticate(email: "ANNA@example.com", password: S.password).id == 13)
    }

    @Test func theLookupAsksForTheLoginFieldsByEmail() async throws {
        let request = try WebserviceClient.loginRequest(email: "pub@prestashop.com")
        #expect(request.method == .get && request.path == ["customers"])
        #expect(request.query == [
            .init(name: "filter[email]", value: "[pub@prestashop.com]"),
            .init(name: "display", value: "[id,email,passwd,active,deleted,is_guest,firstname,lastname]"),
        ])
        #expect(throws: LoginError.invalidEmail("a]b@example.com")) { try WebserviceClient.loginRequest(email: "a]b@example.com") }
        let lookup = FakeCustomerLookup([])
        let login = CustomerLogin(lookup: lookup)
        await #expect(throws: LoginError.invalidEmail("  ")) { _ = try await login.authenticate(email: "  ", password: "x") }
        _ = try? await login.authenticate(email: " pub@prestashop.com ", password: "x")
        #expect(await lookup.asked == ["pub@prestashop.com"])
    }

    @Test func theCookieKeyComesFromSHOP_COOKIE_KEY() {
        #expect(CustomerLogin.cookieKey(from: ["SHOP_COOKIE_KEY": S.cookieKey]) == S.cookieKey)
        #expect(CustomerLogin.cookieKey(from: ["SHOP_COOKIE_KEY": ""]) == nil)
        #expect(CustomerLogin.cookieKey(from: [:]) == nil)
    }

    @Test func anUnknownHashSchemeIsNamed() async throws {
        let login = login([S.customer(8, hash: "$argon2id$v=19$m=65536")])
        await #expect(throws: LoginError.unsupportedHash(customerID: 8, prefix: "$arg")) {
            _ = try await login.authenticate(email: "anna@example.com", password: S.password)
        }
    }
}
