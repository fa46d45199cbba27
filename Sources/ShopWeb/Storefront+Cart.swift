import Foundation
import ShopKit
import WebCore

/// The visitor's cart: made on the first add (for the customer when logged in, else for the
/// visitor, attached at login), read back from the shop for every view so rows another
/// device added are never lost.
extension Storefront {
    /// A quantity typed in a form or sent as JSON text: a whole number of at least `minimum`.
    static func quantity(_ text: String?, minimum: Int = 1) throws -> Int {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard let value = Int(trimmed), value >= minimum, value <= 1000 else {
            let range = minimum == 0 ? "0 (removes the row) to 1000" : "1 to 1000"
            throw ShopFailure.input("quantity", "The quantity must be a whole number from \(range) (got “\(trimmed)”).")
        }
        return value
    }

    func cartView(_ session: ShopSession?) async throws -> CartView {
        let settings = await settings()
        guard let cartID = session?.cartID else { return emptyCart(settings) }
        return try await run {
            guard let cart = try await existingCart(cartID) else { return emptyCart(settings) }
            let lines = (cart.rows ?? []).compactMap { row -> CartQuoteRequest.Line? in
                guard let productID = row.productID, let quantity = row.quantity, quantity > 0 else { return nil }
                return CartQuoteRequest.Line(productID: productID, combinationID: row.productAttributeID ?? 0, quantity: quantity)
            }
            guard !lines.isEmpty else { return emptyCart(settings, cartID: cartID) }
            let taxed = await taxAddress(cart: cart, customerID: session?.customerID, settings)
            let quote = try await quote(lines, customerID: session?.customerID, countryID: taxed.countryID, stateID: taxed.stateID, carrierID: 0, rules: [])
            var rows: [CartRowView] = []
            for line in quote.lines {
                let detail = try await catalogue.productDetail(id: line.productID)
                let combination = detail.combinations.first { $0.id == line.combinationID }
                let unit = ShopMoney.decimal(line.unitPrice.taxIncluded)
                rows.append(CartRowView(
                    productID: line.productID, combinationID: line.combinationID,
                    name: detail.product.name?.best(preferring: [settings.languageID]) ?? "Product \(line.productID)",
                    combination: combination.map { Self.label($0, detail, settings) } ?? "", hasCombination: combination != nil,
                    unitPrice: ShopMoney.text(unit, sign: settings.currencySign), unitPriceValue: unit,
                    quantity: line.quantity, subtotal: ShopMoney.text(line.total.taxIncluded, sign: settings.currencySign),
                    imageURL: Self.imageURL(product: line.productID, image: combination?.imageIDs?.first ?? detail.product.defaultImageID, size: "small_default"),
                    href: "/shop/products/\(line.productID)" + (line.combinationID == 0 ? "" : "?combination=\(line.combinationID)")))
            }
            return CartView(
                cartID: cartID, rows: rows, empty: rows.isEmpty, itemCount: rows.reduce(0) { $0 + $1.quantity },
                total: ShopMoney.text(quote.products.taxIncluded, sign: settings.currencySign), totalValue: ShopMoney.decimal(quote.products.taxIncluded),
                totalWithoutTaxValue: ShopMoney.decimal(quote.products.taxExcluded), taxNote: taxed.note)
        }
    }

    /// Whose tax the cart's prices include (`PS_TAX_ADDRESS_TYPE` `id_address_delivery`): the
    /// cart's delivery address, else the customer's first address, else the shop's country.
    private func taxAddress(cart: Cart, customerID: Int?, _ settings: ShopSettingsCache.Settings) async -> (countryID: Int, stateID: Int, note: String) {
        let fallback = (countryID: settings.countryID ?? 0, stateID: 0, note: taxNote(settings))
        guard let customerID,
            let addresses = try? await services.facade.customers.addresses(ofCustomer: customerID).filter({ $0.deleted != true }), !addresses.isEmpty
        else { return fallback }
        let address = addresses.first { $0.id == cart.addressDeliveryID } ?? addresses[0]
        guard let countryID = address.countryID, countryID > 0 else { return fallback }
        let country = (try? await countryNames())?[countryID] ?? "your country"
        return (countryID, address.stateID ?? 0, "Prices include the tax of \(country) (delivery to \(address.alias ?? "your address")).")
    }

    /// The cart's totals as PrestaShop computes them, for a delivery address and carrier (0: none yet).
    func quote(_ lines: [CartQuoteRequest.Line], customerID: Int?, countryID: Int, stateID: Int, carrierID: Int, rules: [CartRule]) async throws -> CartQuote {
        let settings = await settings()
        let prices = try await pricing(lines.map(\.productID), customerID: customerID, countryID: countryID, stateID: stateID, carrierIDs: carrierID == 0 ? [] : [carrierID])
        let request = CartQuoteRequest(
            lines: lines, countryID: countryID, stateID: stateID, carrierID: carrierID, groupID: try await groupID(customerID), customerID: customerID ?? 0,
            cartRules: rules, currencyID: settings.currencyID)
        do {
            return try CartCalculator(catalogue: prices).quote(request, now: .now())
        } catch {
            throw ShopFailure(.conflict, "cannot_price", "The cart cannot be priced: \(error.description).")
        }
    }

    private func emptyCart(_ settings: ShopSettingsCache.Settings, cartID: Int? = nil) -> CartView {
        CartView(
            cartID: cartID, rows: [], empty: true, itemCount: 0, total: ShopMoney.text(ShopDecimal(0), sign: settings.currencySign),
            totalValue: ShopDecimal(0), totalWithoutTaxValue: ShopDecimal(0), taxNote: taxNote(settings))
    }

    /// Adds to the session's cart (made now when it has none); the product must exist and the
    /// combination be one of its own (0 takes the product's default one).
    func add(productID: Int, combinationID: Int, quantity: Int, to session: inout ShopSession) async throws {
        let settings = await settings()
        try await run {
            let product = try await catalogue.product(id: productID)
            guard product.active != false, product.availableForOrder != false else {
                throw ShopFailure(.conflict, "not_available", "Product \(productID) cannot be ordered at the moment.")
            }
            var chosen = combinationID
            let combinations = product.combinationIDs ?? []
            if chosen == 0, !combinations.isEmpty { chosen = product.defaultCombinationID ?? combinations[0] }
            if chosen != 0, !combinations.contains(chosen) {
                throw ShopFailure.input("combination", "Product \(productID) has no combination \(chosen); choose one of its options.")
            }
            // The shop may have deleted the session's cart (an order placed from it, a clean-up
            // of old carts): the visitor then starts a new one rather than meeting a 404 forever.
            if let cartID = session.cartID, try await existingCart(cartID) == nil {
                session.cartID = nil
            }
            if session.cartID == nil {
                let cart = if let customerID = session.customerID {
                    try await services.facade.carts.create(customerID: customerID, currencyID: settings.currencyID, languageID: settings.languageID)
                } else {
                    try await services.facade.carts.createForVisitor(currencyID: settings.currencyID, languageID: settings.languageID)
                }
                session.cartID = cart.id
            }
            guard let cartID = session.cartID else { throw ShopFailure(.badGateway, "shop_failed", "The shop made a cart without an id.") }
            let inCart = try await existingCart(cartID)?.rows?.first { $0.productID == productID && ($0.productAttributeID ?? 0) == chosen }?.quantity ?? 0
            if let refusal = try await stockRefusal(productID: productID, combinationID: chosen, quantity: inCart + quantity) {
                throw ShopFailure(.conflict, "out_of_stock", refusal)
            }
            _ = try await services.facade.carts.add(productID: productID, combinationID: chosen, quantity: quantity, toCart: cartID)
        }
    }

    /// The cart as the shop has it now, or nil when the shop no longer has it. Never from the
    /// domain cache: another device, an order or the shop's clean-up may have changed or deleted
    /// it since the last read.
    private func existingCart(_ id: Int) async throws(ShopError) -> Cart? {
        await services.cache.invalidate(resources: ["carts"])
        do throws(ShopError) {
            return try await services.facade.carts.cart(id: id)
        } catch {
            if case .webservice(.notFound) = error { return nil }
            throw error
        }
    }

    /// Sets a row's quantity (0 removes it).
    func setQuantity(_ quantity: Int, productID: Int, combinationID: Int, in session: ShopSession) async throws {
        guard let cartID = session.cartID else { throw ShopFailure(.notFound, "no_cart", "The cart is empty: add a product first.") }
        try await run {
            guard let cart = try await existingCart(cartID) else {
                throw ShopFailure(.notFound, "no_cart", "The cart is empty (the shop no longer has it): add a product to start a new one.")
            }
            guard cart.rows?.contains(where: { $0.productID == productID && ($0.productAttributeID ?? 0) == combinationID }) == true else {
                throw ShopFailure(.notFound, "no_row", "The cart has no row for product \(productID)\(combinationID == 0 ? "" : ", combination \(combinationID)").")
            }
            _ = try await services.facade.carts.setQuantity(quantity, productID: productID, combinationID: combinationID, inCart: cartID)
        }
    }
}
