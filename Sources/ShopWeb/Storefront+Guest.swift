import Foundation
import ShopKit
import WebCore

/// Checkout without an account, where the shop allows it (`PS_GUEST_CHECKOUT_ENABLED`): a
/// guest customer (`is_guest` 1, the shop's guest group, a random password nobody knows)
/// made for this order, the session then logged in as it.
extension Storefront {
    struct GuestForm: Decodable, Sendable {
        var firstname: String?
        var lastname: String?
        var email: String?
    }

    func guestCheckoutAllowed() async throws -> Bool {
        try await run { try await services.facade.information.configurationValues(["PS_GUEST_CHECKOUT_ENABLED"]) }["PS_GUEST_CHECKOUT_ENABLED"] == "1"
    }

    func continueAsGuest(_ form: GuestForm, session: inout ShopSession) async throws -> CustomerView {
        guard try await guestCheckoutAllowed() else {
            throw ShopFailure(.forbidden, "guests_refused", "This shop takes orders from registered customers only: register or log in.")
        }
        let firstname = (form.firstname ?? "").trimmingCharacters(in: .whitespaces)
        let lastname = (form.lastname ?? "").trimmingCharacters(in: .whitespaces)
        let email = (form.email ?? "").trimmingCharacters(in: .whitespaces)
        guard !firstname.isEmpty else { throw ShopFailure.input("firstname", "Give your first name.") }
        guard !lastname.isEmpty else { throw ShopFailure.input("lastname", "Give your last name.") }
        guard email.contains("@"), email.contains("."), !email.contains(" ") else { throw ShopFailure.input("email", "“\(email)” is not an email address.") }
        let settings = await settings()
        let created: Customer = try await run {
            let group = try await services.facade.information.configurationValues(["PS_GUEST_GROUP"])["PS_GUEST_GROUP"].flatMap { Int($0) } ?? 2
            var customer = Customer()
            customer.firstname = firstname
            customer.lastname = lastname
            customer.email = email
            customer.active = true
            customer.isGuest = true
            customer.defaultGroupID = group
            customer.languageID = settings.languageID
            // A guest never logs in: a password no one knows, which the shop hashes.
            customer.passwordHash = (0..<4).map { _ in UUID().uuidString }.joined()
            return try await services.facade.customers.register(customer)
        }
        return try await attach(created, to: &session)
    }
}
