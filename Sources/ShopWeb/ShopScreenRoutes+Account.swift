import Foundation
import Hummingbird
import ShopKit
import WebCore

/// Logging in, registering, logging out, the account and its addresses.
extension ShopScreenRoutes {
    struct LoginForm: Decodable {
        var email: String?
        var password: String?
        var next: String?
    }

    /// Only the storefront's own paths may be a `next`: never another site.
    static func safeNext(_ text: String?) -> String {
        LocalRedirect.path(text, within: "/shop", fallback: "/shop/account")
    }

    func registerAccount(on group: RouterGroup<WebRequestContext>) {
        group.get("login") { request, _ in
            screens.page("shop/login", ShopLoginPage(next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), email: nil, error: nil))
        }
        group.post("login") { request, context in try await logIn(request, context) }
        group.get("register") { request, _ in try registrationPage(request) }
        group.post("register") { request, _ in try await registerCustomer(request) }
        group.post("logout") { request, _ in try logOut(request) }
        group.post("guest") { request, _ in
            let form = try await FormBody.decode(Storefront.GuestForm.self, from: request)
            var (session, isNew) = try visitor.ensure(request)
            do {
                _ = try await storefront.continueAsGuest(form, session: &session)
            } catch let failure as ShopFailure {
                throw failurePage(failure, back: "/shop/login?next=/shop/checkout")
            }
            return try visitor.redirect(to: "/shop/checkout", saving: session, isNew: isNew)
        }
        group.get("account") { request, _ in try await accountPage(request) }
        group.get("addresses") { request, _ in
            guard let customerID = try visitor.current(request)?.customerID else { return seeOther("/shop/login?next=/shop/addresses") }
            return try await addressForm(customerID: customerID, form: nil, failure: nil).plainResponse
        }
        group.post("addresses") { request, _ in try await addAddress(request) }
    }

    private func logIn(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(LoginForm.self, from: request)
        let next = Self.safeNext(form.next)
        var (session, isNew) = try visitor.ensureLoggingIn(request)
        do {
            _ = try await storefront.logIn(email: form.email ?? "", password: form.password ?? "", session: &session, clientNetwork: context.clientNetwork)
        } catch let failure as ShopFailure where failure.field != nil {
            return screens.page("shop/login", ShopLoginPage(next: next, email: form.email, error: failure.message), status: failure.status).plainResponse
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/login")
        }
        return try visitor.redirect(to: next, saving: session, isNew: isNew)
    }

    private func registrationPage(_ request: Request) throws -> some ResponseGenerator {
        screens.page("shop/register", ShopRegisterPage(
            next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)), form: nil, error: nil,
            minimumAge: storefront.services.ageRule.minimumAge))
    }

    private func registerCustomer(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(Storefront.Registration.self, from: request)
        let next = Self.safeNext(form.next)
        var (session, isNew) = try visitor.ensureLoggingIn(request)
        do {
            _ = try await storefront.register(form, session: &session)
        } catch let failure as ShopFailure where failure.field != nil {
            let typed = ShopRegisterPage.Typed(
                firstname: form.firstname ?? "", lastname: form.lastname ?? "", email: form.email ?? "", birthday: form.birthday ?? "")
            return screens.page("shop/register", ShopRegisterPage(
                next: next, form: typed, error: failure.message, minimumAge: storefront.services.ageRule.minimumAge), status: failure.status).plainResponse
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/register")
        }
        return try visitor.redirect(to: next, saving: session, isNew: isNew)
    }

    private func logOut(_ request: Request) throws -> some ResponseGenerator {
        if let token = visitor.token(of: request) { try visitor.store.delete(token: token) }
        var response = seeOther("/shop")
        response.setCookie(ShopVisitor.clearingCookie)
        return response
    }

    private func accountPage(_ request: Request) async throws -> some ResponseGenerator {
        let session = try visitor.current(request)
        guard let customerID = session?.customerID else {
            return screens.page("shop/account", ShopAccountPage(loggedIn: false, name: nil, addresses: [], noAddresses: true))
        }
        let addresses = try await screen { try await storefront.addresses(customerID: customerID) }
        return screens.page("shop/account", ShopAccountPage(loggedIn: true, name: session?.customerName, addresses: addresses, noAddresses: addresses.isEmpty))
    }

    private func addAddress(_ request: Request) async throws -> some ResponseGenerator {
        let form = try await FormBody.decode(Storefront.AddressForm.self, from: request)
        guard let customerID = try visitor.current(request)?.customerID else { return seeOther("/shop/login?next=/shop/addresses") }
        do {
            _ = try await storefront.addAddress(form, customerID: customerID)
        } catch let failure as ShopFailure where failure.field != nil {
            return try await addressForm(customerID: customerID, form: form, failure: failure).plainResponse
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: "/shop/addresses")
        }
        return seeOther(Notice.path("/shop/checkout", "Address added."))
    }

    private func addressForm(customerID: Int, form: Storefront.AddressForm?, failure: ShopFailure?) async throws -> HTML {
        let addresses = try await screen { try await storefront.addresses(customerID: customerID) }
        let countries = try await screen { try await storefront.countries(selected: form?.country.flatMap { Int($0) }) }
        let typed = ShopAddressesPage.Typed(
            alias: form?.alias ?? "", firstname: form?.firstname ?? "", lastname: form?.lastname ?? "", address1: form?.address1 ?? "",
            postcode: form?.postcode ?? "", city: form?.city ?? "", phone: form?.phone ?? "")
        return screens.page("shop/addresses", ShopAddressesPage(
            addresses: addresses, noAddresses: addresses.isEmpty, countries: countries,
            stateGroups: try await screen { try await storefront.stateGroups(selected: Int(form?.state ?? "")) }, form: typed, error: failure?.message),
            status: failure?.status ?? .ok)
    }
}
