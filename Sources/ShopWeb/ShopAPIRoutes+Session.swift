import Foundation
import Hummingbird
import ShopKit
import WebCore

/// Login, registration, the cart's rows, addresses, carriers and the order, as JSON.
extension ShopAPIRoutes {
    struct LoginBody: Decodable { var email: String?; var password: String? }
    struct RowBody: Decodable { var productID: Flexible?; var combinationID: Flexible?; var quantity: Flexible? }
    struct QuantityBody: Decodable { var quantity: Flexible? }
    struct OrderBody: Decodable {
        var addressID: Flexible?
        var invoiceAddressID: Flexible?
        var carrierID: Flexible?
        var payment: String?
        var voucher: String?
        /// The `digest` of the quote the client showed (GET /api/shop/quote): the order is
        /// refused with 409 `quote_changed` when the shop's quote no longer matches it.
        var quoteDigest: String?
    }

    func registerAccount(on group: RouterGroup<WebRequestContext>) {
        group.post("login") { request, context in try await logIn(request, context) }
        group.post("register") { request, context in try await registerCustomer(request, context) }
        group.post("guest") { request, context in
            let form = try await JSONInput.decode(Storefront.GuestForm.self, from: request, context: context)
            let (session, customer) = try await api { () async throws -> (ShopSession, CustomerView) in
                var (session, _) = try visitor.ensure(request)
                let customer = try await storefront.continueAsGuest(form, session: &session)
                try visitor.store.save(session)
                return (session, customer)
            }
            return EditedResponse(status: .created, response: Session(token: session.token, customer: customer))
        }
        group.post("logout") { request, _ in
            if let token = visitor.token(of: request) { try visitor.store.delete(token: token) }
            return Response(status: .noContent)
        }
        group.get("addresses") { request, _ in
            let customerID = try await api { try storefront.requireCustomer(try visitor.current(request)) }
            return Addresses(addresses: try await api { try await storefront.addresses(customerID: customerID) })
        }
        group.post("addresses") { request, context in try await addAddress(request, context) }
    }

    private func logIn(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(LoginBody.self, from: request, context: context)
        var (session, _) = try visitor.ensureLoggingIn(request)
        let customer = try await api { try await storefront.logIn(email: body.email ?? "", password: body.password ?? "", session: &session, clientNetwork: context.clientNetwork) }
        try visitor.store.save(session)
        return Session(token: session.token, customer: customer)
    }

    private func registerCustomer(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(Storefront.Registration.self, from: request, context: context)
        var (session, _) = try visitor.ensureLoggingIn(request)
        let customer = try await api { try await storefront.register(body, session: &session) }
        try visitor.store.save(session)
        return EditedResponse(status: .created, response: Session(token: session.token, customer: customer))
    }

    private func addAddress(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(Storefront.AddressForm.self, from: request, context: context)
        let customerID = try await api { try storefront.requireCustomer(try visitor.current(request)) }
        let address = try await api { try await storefront.addAddress(body, customerID: customerID) }
        return EditedResponse(status: .created, response: address)
    }

    func registerCart(on group: RouterGroup<WebRequestContext>) {
        group.get("cart") { request, _ in CartAnswer(cart: try await api { try await storefront.cartView(try visitor.current(request)) }, token: nil) }
        group.post("cart") { request, context in try await addToCart(request, context) }
        group.patch("cart/rows/:product") { request, context in
            let body = try await JSONInput.decode(QuantityBody.self, from: request, context: context)
            return try await changeRow(request, context, quantity: body.quantity?.text, minimum: 0)
        }
        group.delete("cart/rows/:product") { request, context in
            try await changeRow(request, context, quantity: "0", minimum: 0)
        }
    }

    private func addToCart(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(RowBody.self, from: request, context: context)
        guard let productID = Int(body.productID?.text ?? ""), productID > 0 else {
            throw APIError(.badRequest, "invalid_productID", "productID must be a product id (a whole number above 0).")
        }
        let combinationID = Int(body.combinationID?.text ?? "0") ?? -1
        guard combinationID >= 0 else { throw APIError(.badRequest, "invalid_combinationID", "combinationID must be 0 or a combination id.") }
        var (session, isNew) = try visitor.ensure(request)
        let cart = try await api {
            let quantity = try Storefront.quantity(body.quantity?.text)
            try await storefront.add(productID: productID, combinationID: combinationID, quantity: quantity, to: &session)
            try visitor.store.save(session)
            return try await storefront.cartView(session)
        }
        return EditedResponse(status: .created, response: CartAnswer(cart: cart, token: isNew ? session.token : nil))
    }

    /// `PATCH|DELETE /api/shop/cart/rows/{productID}?combination={id}`.
    private func changeRow(_ request: Request, _ context: WebRequestContext, quantity: String?, minimum: Int) async throws -> CartAnswer {
        let productID = try id(context, "product")
        let combinationID = Int(request.uri.queryParameters["combination"].map(String.init) ?? "0") ?? -1
        guard combinationID >= 0 else { throw APIError(.badRequest, "invalid_combination", "combination must be 0 or a combination id.") }
        let cart = try await api {
            let value = try Storefront.quantity(quantity, minimum: minimum)
            guard let session = try visitor.current(request) else { throw ShopFailure(.notFound, "no_cart", "The cart is empty: add a product first.") }
            try await storefront.setQuantity(value, productID: productID, combinationID: combinationID, in: session)
            return try await storefront.cartView(session)
        }
        return CartAnswer(cart: cart, token: nil)
    }

    func registerCheckout(on group: RouterGroup<WebRequestContext>) {
        group.get("carriers") { request, _ in try await carriers(request) }
        group.post("order") { request, context in try await placeOrder(request, context) }
        group.get("orders/:id") { request, context in
            let orderID = try id(context)
            return try await api { try await storefront.order(orderID, session: try visitor.current(request)) }
        }
        group.get("orders") { request, _ in
            Orders(orders: try await api { try await storefront.orders(session: try visitor.current(request)) })
        }
        group.get("quote") { request, _ in try await quote(request) }
    }

    private func carriers(_ request: Request) async throws -> some ResponseGenerator {
        let session = try await api { () throws -> ShopSession in
            let session = try visitor.current(request)
            _ = try storefront.requireCustomer(session)
            return session!
        }
        guard let addressID = request.uri.queryParameters["address"].flatMap({ Int(String($0)) }) else {
            throw APIError(.badRequest, "invalid_address", "Give the delivery address: ?address={id} (GET /api/shop/addresses lists yours).")
        }
        return Carriers(carriers: try await api { try await storefront.carriers(addressID: addressID, session: session) })
    }

    /// PrestaShop's totals for the cart, before ordering: `?address=&carrier=&voucher=`.
    private func quote(_ request: Request) async throws -> CheckoutTotals {
        let session = try await api { () throws -> ShopSession in
            let session = try visitor.current(request)
            _ = try storefront.requireCustomer(session)
            return session!
        }
        guard let addressID = request.uri.queryParameters["address"].flatMap({ Int(String($0)) }),
            let carrierID = request.uri.queryParameters["carrier"].flatMap({ Int(String($0)) })
        else {
            throw APIError(.badRequest, "invalid_quote", "Give ?address={id}&carrier={id}, and &voucher={code} for a voucher.")
        }
        let voucher = request.uri.queryParameters["voucher"].map(String.init)
        let invoice = request.uri.queryParameters["invoice"].flatMap { Int(String($0)) }
        var payment: PaymentMethod?
        if let text = request.uri.queryParameters["payment"] { payment = try await api { try Storefront.payment(String(text)) } }
        return try await api {
            try await storefront.checkoutTotals(
                addressID: addressID, invoiceAddressID: invoice, carrierID: carrierID, voucherCode: voucher, payment: payment, session: session).totals
        }
    }

    private func placeOrder(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let body = try await JSONInput.decode(OrderBody.self, from: request, context: context)
        let order = try await api {
            guard var session = try visitor.current(request) else { throw ShopFailure(.unauthorized, "login_required", "Log in or register first.") }
            guard let addressID = Int(body.addressID?.text ?? "") else { throw ShopFailure.input("addressID", "Give addressID, one of your addresses.") }
            guard let carrierID = Int(body.carrierID?.text ?? "") else { throw ShopFailure.input("carrierID", "Give carrierID, one of GET /api/shop/carriers.") }
            let payment = try Storefront.payment(body.payment)
            var invoice: Int?
            if let text = body.invoiceAddressID?.text {
                guard let id = Int(text) else { throw ShopFailure.input("invoiceAddressID", "Give invoiceAddressID, one of your addresses.") }
                invoice = id
            }
            let choice = Storefront.CheckoutChoice(
                addressID: addressID, invoiceAddressID: invoice, carrierID: carrierID, voucher: body.voucher ?? "", payment: payment,
                shownDigest: body.quoteDigest.flatMap { $0.isEmpty ? nil : $0 }, shownTotal: nil)
            let order = try await storefront.placeOrder(choice, session: &session)
            try visitor.store.save(session)
            return order
        }
        return EditedResponse(status: .created, response: order)
    }
}
