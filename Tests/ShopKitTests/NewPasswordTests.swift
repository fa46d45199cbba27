@testable import ShopKit
import Testing

/// New customers' passwords hashed here: PHP's `$2y$10$` bcrypt, a fresh salt each time, and
/// verifiable by the login's own bcrypt check.
struct NewPasswordTests {
    @Test func aNewHashIsBcryptAtCostTenAndVerifies() throws {
        let hash = try NewPassword.hash("analytical engine")
        #expect(hash.hasPrefix("$2y$10$") && hash.utf8.count == 60)
        #expect(try Bcrypt.verify("analytical engine", against: hash))
        #expect(try !Bcrypt.verify("difference engine", against: hash))
    }

    @Test func twoHashesOfOnePasswordHaveDifferentSalts() throws {
        let first = try NewPassword.hash("same password")
        let second = try NewPassword.hash("same password")
        #expect(first != second && first.prefix(29) != second.prefix(29))
    }

    @Test func anEmptyPasswordIsRefused() {
        #expect(throws: LoginError.self) { try NewPassword.hash("") }
    }
}
