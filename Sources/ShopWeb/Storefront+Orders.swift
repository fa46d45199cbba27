import Foundation
import ShopKit
import WebCore

/// A customer's orders as the shop stored them, for the order page and the order history.
extension Storefront {
    /// An order of the session's customer, read back from the shop.
    func order(_ id: Int, session: ShopSession?) async throws -> OrderView {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let order = try await run { try await services.facade.checkout.placedOrder(id: id) }
        guard order.customerID == customerID else { throw ShopFailure(.notFound, "not_found", "You have no order \(id).") }
        return try await view(order, settings)
    }

    /// The customer's orders, newest first, with the shop's state names.
    func orders(session: ShopSession?) async throws -> [OrderView] {
        let customerID = try requireCustomer(session)
        let settings = await settings()
        let orders = try await run { try await services.facade.customers.orders(ofCustomer: customerID) }
        var views: [OrderView] = []
        for order in orders { views.append(try await view(order, settings, withLines: false)) }
        return views
    }

    func view(_ order: Order, _ settings: ShopSettingsCache.Settings, withLines: Bool = true) async throws -> OrderView {
        let sign = settings.currencySign
        let total = order.totalPaidTaxIncl ?? order.totalPaid ?? ShopDecimal(0)
        let stateID = order.currentState ?? 0
        // The order is what matters and is read already: the rest only dresses it, so a shop that
        // cannot give it never turns a placed order into an error page.
        let states = (try? await services.facade.customers.orderStates()) ?? []
        let configuration = (try? await services.facade.information.configurationValues(["PS_OS_ERROR", "BANK_WIRE_OWNER", "BANK_WIRE_DETAILS", "BANK_WIRE_ADDRESS"])) ?? [:]
        let lines = withLines ? ((try? await services.facade.customers.lines(ofOrder: order.id ?? 0)) ?? []) : []
        let delivery = withLines ? await addressText(order.addressDeliveryID) : ""
        let invoice = withLines ? await addressText(order.addressInvoiceID ?? order.addressDeliveryID) : ""
        let carrier = withLines ? ((try? await services.facade.checkout.carrier(id: order.carrierID ?? 0))?.name ?? "Carrier \(order.carrierID ?? 0)") : ""
        let stateName = states.first { $0.id == stateID }?.name?.best(preferring: [settings.languageID]) ?? "state \(stateID)"
        let paymentError = stateID == (configuration["PS_OS_ERROR"].flatMap { Int($0) } ?? 8)
        let instructions: String?
        if paymentError {
            instructions = nil
        } else if (order.module ?? "").contains("wire") {
            let details = [configuration["BANK_WIRE_OWNER"], configuration["BANK_WIRE_DETAILS"], configuration["BANK_WIRE_ADDRESS"]].compactMap { $0 }.filter { !$0.isEmpty }
            instructions = "Pay \(ShopMoney.text(total, sign: sign)) by bank wire with reference \(order.reference ?? "\(order.id ?? 0)")"
                + (details.isEmpty ? "; the shop sends its bank details by e-mail (it does not publish them through its webservice)." : " to " + details.joined(separator: ", ") + ".")
        } else {
            instructions = "Pay \(ShopMoney.text(total, sign: sign)) to the carrier on delivery; the shop's cash-on-delivery module adds no fee."
        }
        return OrderView(
            id: order.id ?? 0, reference: order.reference ?? "", hasReference: !(order.reference ?? "").isEmpty, payment: order.payment ?? order.module ?? "",
            total: ShopMoney.text(total, sign: sign), totalValue: total, cartID: order.cartID ?? 0,
            carrierID: order.carrierID ?? 0, addressID: order.addressDeliveryID ?? 0,
            deliveryAddress: delivery, invoiceAddress: invoice, carrier: carrier,
            products: ShopMoney.text(order.totalProductsWt ?? ShopDecimal(0), sign: sign),
            shipping: ShopMoney.text(order.totalShippingTaxIncl ?? order.totalShipping ?? ShopDecimal(0), sign: sign),
            discounts: "−" + ShopMoney.text(order.totalDiscountsTaxIncl ?? ShopDecimal(0), sign: sign),
            hasDiscounts: (order.totalDiscountsTaxIncl ?? ShopDecimal(0)) > ShopDecimal(0),
            totalWithoutTax: ShopMoney.text(order.totalPaidTaxExcl ?? ShopDecimal(0), sign: sign),
            state: stateName, stateID: stateID, paymentError: paymentError, paymentInstructions: instructions,
            date: order.dateAdd?.description ?? "",
            lines: lines.map { line in
                ShopOrderLineView(
                    name: line.productName ?? "Product \(line.productID ?? 0)", quantity: line.productQuantity ?? 0,
                    unitPrice: ShopMoney.text(line.unitPriceTaxIncl ?? ShopDecimal(0), sign: sign),
                    total: ShopMoney.text(line.totalPriceTaxIncl ?? ShopDecimal(0), sign: sign))
            })
    }

    /// An address of an order as one line ("Laura Bassi, Via Zamboni 33, 20121 Milano, Italy"),
    /// read from the shop; the id when it cannot be read.
    private func addressText(_ id: Int?) async -> String {
        guard let id, id > 0 else { return "" }
        guard let address = try? await services.facade.customers.address(id: id) else { return "address \(id)" }
        let countries = (try? await countryNames()) ?? [:]
        return [
            [address.firstname, address.lastname].compactMap { $0 }.joined(separator: " "), address.address1 ?? "", address.address2 ?? "",
            [address.postcode, address.city].compactMap { $0 }.joined(separator: " "), countries[address.countryID ?? 0] ?? "",
        ].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: ", ")
    }
}
