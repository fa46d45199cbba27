import Foundation
import Markup
import ShopKit

/// PrestaShop 8.1's order creation as its webservice runs it (`ps-8.1.2-live` SOURCES.md,
/// "Orders"): the payment module's `validateOrder` on the cart, priced by ShopKit's
/// ``CartCalculator`` from the emulator's own records.
///
/// - The carrier comes from the cart's `delivery_option` (`{"<id_address>":"<id_carrier>,"}`);
///   without one, `PS_CARRIER_DEFAULT` if it serves the address's zone, else the first carrier that does.
///   The order's own `id_carrier` is ignored.
/// - `total_paid` equal to the cart's total (2 decimals) gives state `PS_OS_WS_PAYMENT` (11,
///   valid); anything else still creates the order, in `PS_OS_ERROR` (8, "Payment error").
///   Either way the order stores the shop's totals, and `total_paid_real` the amount sent.
/// - A cart can be ordered once; again, or an unknown cart, is a 500 `text/html`.
/// - The answer echoes what was posted with the new id (as 8.1.2 does); a GET shows what is stored.
extension ShopEmulator {
    static let cartAlreadyOrdered = "Cart cannot be loaded or an order has already been placed using this cart"

    /// The order to store and the answer to give, or the refusal.
    mutating func validateOrder(_ posted: ReplayElement, id: Int) -> Result<(stored: ReplayElement, echo: ReplayElement), AnswerError> {
        let cartID = posted.child("id_cart").flatMap { Int($0.text) } ?? 0
        let carts = load("carts")
        let orders = load("orders")
        let alreadyOrdered = orderedCarts.contains(cartID)
            || orders.records.values.contains { $0.child("id_cart").flatMap { Int($0.text) } == cartID }
        guard let cart = carts.records[cartID], !alreadyOrdered else {
            return .failure(AnswerError(Answer(status: 500, body: Array(Self.cartAlreadyOrdered.utf8), contentType: "text/html; charset=utf-8")))
        }
        let catalogue = pricingCatalogue()
        let addressID = cart.child("id_address_delivery").flatMap { Int($0.text) } ?? 0
        let address = load("addresses").records[addressID]
        let countryID = address?.child("id_country").flatMap { Int($0.text) } ?? catalogue.settings.defaultCountryID
        let stateID = address?.child("id_state").flatMap { Int($0.text) } ?? 0
        let customerID = cart.child("id_customer").flatMap { Int($0.text) } ?? 0
        let groupID = load("customers").records[customerID]?.child("id_default_group").flatMap { Int($0.text) } ?? catalogue.settings.customerGroupID
        let rows = cart.child("associations")?.child("cart_rows")?.children ?? []
        let lines = rows.compactMap { row -> CartQuoteRequest.Line? in
            guard let product = row.child("id_product").flatMap({ Int($0.text) }), let quantity = row.child("quantity").flatMap({ Int($0.text) }) else { return nil }
            return CartQuoteRequest.Line(productID: product, combinationID: row.child("id_product_attribute").flatMap { Int($0.text) } ?? 0, quantity: quantity)
        }
        let prices = PriceCalculator(catalogue: catalogue)
        let carrierID = Self.chosenCarrier(deliveryOption: cart.child("delivery_option")?.text ?? "", addressID: addressID)
            ?? defaultCarrier(prices, countryID: countryID, stateID: stateID)
        let request = CartQuoteRequest(lines: lines, countryID: countryID, stateID: stateID, carrierID: carrierID, groupID: groupID, customerID: customerID)
        var quote: CartQuote
        var appliedVouchers: [CartRule] = []
        do {
            quote = try CartCalculator(catalogue: catalogue).quote(request, now: .now())
        } catch {
            return .failure(AnswerError(Answer(status: 500, body: Array("\(Self.cartAlreadyOrdered): \(error.description)".utf8), contentType: "text/html; charset=utf-8")))
        }
        let sent = Double(posted.child("total_paid")?.text ?? "") ?? -1
        let configuration = configurationValues()
        // The check is PrestaShop's own total where the recorded shop priced such a cart; a
        // cart it never priced is booked by ShopKit's calculator and says it was not checked.
        let granted = grantedVouchers(customerID: customerID)
        let rules = load("cart_rules").records
        let key = RecordedPricing.Key(
            lines: lines.map { ($0.productID, $0.combinationID, $0.quantity) }, countryID: countryID, stateID: stateID, carrierID: carrierID, groupID: groupID,
            vouchers: granted.map { voucher in RecordedPricing.voucherTerms { rules[voucher.id]?.child($0)?.text } })
        let recorded = recordedPricing(for: key)
        let reference = recorded?.paymentReference ?? quote.paid.taxIncluded
        let paidRight = String(format: "%.2f", sent) == String(format: "%.2f", reference)
        // Only now does validateOrder add the code-less vouchers bound to the customer: the
        // stored totals include them, the payment check above did not.
        if !granted.isEmpty {
            var withVouchers = request
            withVouchers.cartRules = granted.map(\.rule)
            if let discounted = try? CartCalculator(catalogue: catalogue).quote(withVouchers, now: .now()), !discounted.appliedCartRuleIDs.isEmpty {
                quote = discounted
                let applied = granted.filter { discounted.appliedCartRuleIDs.contains($0.rule.id ?? 0) }
                appliedVouchers = applied.map(\.rule)
                useUp(applied.map(\.id))
            }
        }
        let state = paidRight ? (configuration["PS_OS_WS_PAYMENT"] ?? "11") : (configuration["PS_OS_ERROR"] ?? "8")
        let money = { (value: Double) in String(format: "%.6f", value) }
        var values: [String: String] = [
            "id_carrier": String(carrierID), "current_state": state, "valid": paidRight ? "1" : "0",
            "id_address_delivery": String(addressID), "id_customer": String(customerID),
            "reference": Self.reference(),
            "total_paid": money(quote.paid.taxIncluded), "total_paid_tax_incl": money(quote.paid.taxIncluded),
            "total_paid_tax_excl": money(quote.paid.taxExcluded), "total_paid_real": money(max(sent, 0)),
            "total_products": money(quote.products.taxExcluded), "total_products_wt": money(quote.products.taxIncluded),
            "total_shipping": money(quote.shipping.taxIncluded), "total_shipping_tax_incl": money(quote.shipping.taxIncluded),
            "total_shipping_tax_excl": money(quote.shipping.taxExcluded),
            "total_discounts": money(quote.discounts.taxIncluded), "total_discounts_tax_incl": money(quote.discounts.taxIncluded),
            "total_discounts_tax_excl": money(quote.discounts.taxExcluded),
            "round_mode": String(catalogue.settings.roundMode.rawValue), "round_type": String(catalogue.settings.roundType.rawValue),
            "date_add": Self.nowText(), "date_upd": Self.nowText(),
        ]
        if let recorded {
            for (field, value) in recorded.totals { values[field] = value }
            values["total_paid"] = recorded.totals["total_paid_tax_incl"]
            values["total_shipping"] = recorded.totals["total_shipping_tax_incl"]
            values["total_discounts"] = recorded.totals["total_discounts_tax_incl"]
            values["note"] = "Bottega replay: total_paid checked against PrestaShop's own total for this cart (\(recorded.source))."
        } else {
            values["note"] = "Bottega replay: total_paid NOT checked — PrestaShop never priced this cart in the recording; the totals are ShopKit's calculator's, not the shop's."
        }
        if let carrier = catalogue.carriers[carrierID] {
            values["carrier_tax_rate"] = String(format: "%.3f", prices.taxes(group: carrier.taxRulesGroupID ?? 0, countryID: countryID, stateID: stateID).totalRate)
        }
        var stored = posted
        for (name, value) in values {
            if let index = stored.children.firstIndex(where: { $0.name == name }) {
                stored.children[index].text = value
            } else {
                stored.children.append(ReplayElement(name: name, text: value))
            }
        }
        stored.children.removeAll { $0.name == "associations" }
        stored.children.append(orderRows(quote, catalogue: catalogue))
        orderedCarts.insert(cartID)
        recordOrderDetails(quote, orderID: id, catalogue: catalogue)
        recordHistory(orderID: id, state: state)
        recordCartRules(appliedVouchers, orderID: id, quote: quote)
        var echo = posted
        echo.children.removeAll { $0.name == "associations" || $0.name == "id" }
        echo.children.insert(ReplayElement(name: "id", text: String(id)), at: 0)
        echo.children.append(orderRows(quote, catalogue: catalogue))
        return .success((stored, echo))
    }

    /// One `order_details` record per line, as `validateOrder` writes them.
    private mutating func recordOrderDetails(_ quote: CartQuote, orderID: Int, catalogue: PricingCatalogue) {
        for line in quote.lines {
            let name = productName(line, catalogue: catalogue)
            insertRecord("order_detail", into: "order_details") { id in
                [
                    ("id", String(id)), ("id_order", String(orderID)), ("product_id", String(line.productID)),
                    ("product_attribute_id", String(line.combinationID)), ("product_quantity", String(line.quantity)),
                    ("product_name", name),
                    ("product_price", String(format: "%.6f", line.unitPrice.taxExcluded)),
                    ("unit_price_tax_incl", String(format: "%.6f", line.unitPrice.taxIncluded)),
                    ("unit_price_tax_excl", String(format: "%.6f", line.unitPrice.taxExcluded)),
                    ("total_price_tax_incl", String(format: "%.6f", line.total.taxIncluded)),
                    ("total_price_tax_excl", String(format: "%.6f", line.total.taxExcluded)),
                ]
            }
        }
    }

    /// A record `validateOrder` writes beside the order, with the next id, shaped like the
    /// resource's recorded ones.
    private mutating func insertRecord(_ element: String, into name: String, fields: (Int) -> [(String, String)]) {
        var resource = load(name)
        let id = resource.maxID + 1
        let posted = ReplayElement(name: element, children: fields(id).map { ReplayElement(name: $0.0, text: $0.1) })
        resource.records[id] = shapedLikeTemplate(posted, resource: resource)
        resource.ids.insert(id)
        resource.maxID = id
        resource.element = resource.element ?? element
        resource.changed = true
        resources[name] = resource
    }

    /// The line's name as `validateOrder` stores it: the product's, and for a combination its
    /// attributes in parentheses ("Hummingbird printed t-shirt (Size:S - Color:Black)").
    func productName(_ line: CartQuote.Line, catalogue: PricingCatalogue) -> String {
        let name = catalogue.products[line.productID]?.name?.best() ?? ""
        guard line.combinationID != 0, let combination = resources["combinations"]?.records[line.combinationID] ?? archiveRecord("combinations", line.combinationID)
        else { return name }
        let valueIDs = combination.child("associations")?.child("product_option_values")?.children.compactMap { $0.child("id").flatMap { Int($0.text) } } ?? []
        let attributes = valueIDs.compactMap { valueID -> String? in
            guard let value = archiveRecord("product_option_values", valueID), let groupID = value.child("id_attribute_group").flatMap({ Int($0.text) }),
                let group = archiveRecord("product_options", groupID)
            else { return nil }
            let groupName = group.child("public_name").map(Self.firstLanguageText) ?? group.child("name").map(Self.firstLanguageText) ?? ""
            return "\(groupName):\(value.child("name").map(Self.firstLanguageText) ?? "")"
        }
        return attributes.isEmpty ? name : "\(name) (\(attributes.joined(separator: " - ")))"
    }

    /// A record as the emulator holds it, else as the recording read it alone.
    func archiveRecord(_ resource: String, _ id: Int) -> ReplayElement? {
        if let record = resources[resource]?.records[id] { return record }
        guard let body = archive.recordings[ReplayKey(method: "GET", path: "\(resource)/\(id)", query: [])]?.body,
            let document = try? MarkupDocument.xml(body), let node = try? document.first("/prestashop/*[1]")
        else { return nil }
        return ReplayElement(node)
    }

    /// A multilingual field's first language, or the plain text of a one-language one.
    private static func firstLanguageText(_ element: ReplayElement) -> String {
        element.child("language")?.text ?? element.text
    }

    /// One `order_cart_rules` row per voucher the order took, as `validateOrder` writes them:
    /// what a later use of the code is counted from.
    private mutating func recordCartRules(_ rules: [CartRule], orderID: Int, quote: CartQuote) {
        for rule in rules {
            let share = rules.count == 1 ? quote.discounts : TaxedAmount(taxExcluded: 0, taxIncluded: 0)
            insertRecord("order_cart_rule", into: "order_cart_rules") { id in
                [
                    ("id", String(id)), ("id_order", String(orderID)), ("id_cart_rule", String(rule.id ?? 0)), ("id_order_invoice", "0"),
                    ("name", rule.name?.best() ?? ""), ("value", String(format: "%.6f", share.taxIncluded)),
                    ("value_tax_excl", String(format: "%.6f", share.taxExcluded)), ("free_shipping", rule.freeShipping == true ? "1" : "0"),
                    ("deleted", "0"),
                ]
            }
        }
    }

    /// The order's first `order_histories` row: the state it was created in.
    mutating func recordHistory(orderID: Int, state: String) {
        insertRecord("order_history", into: "order_histories") { id in
            [("id", String(id)), ("id_employee", "0"), ("id_order_state", state), ("id_order", String(orderID)), ("date_add", Self.nowText())]
        }
    }

    static func nowText() -> String { ShopDateTime.now().description }

    /// The customer's code-less vouchers with a use left, decoded.
    private mutating func grantedVouchers(customerID: Int) -> [(id: Int, rule: CartRule)] {
        guard customerID != 0 else { return [] }
        return load("cart_rules").records.sorted { $0.key < $1.key }.compactMap { id, record in
            guard record.child("id_customer")?.text == String(customerID), (record.child("code")?.text ?? "").isEmpty,
                record.child("active")?.text != "0", (Int(record.child("quantity")?.text ?? "") ?? 0) > 0,
                let document = try? WebserviceDocument(xml: ReplayXMLWriter.document(record: record)), let rule = try? CartRule.one(in: document)
            else { return nil }
            return (id, rule)
        }
    }

    /// One use less of each voucher an order took.
    private mutating func useUp(_ ids: [Int]) {
        var rules = load("cart_rules")
        for id in ids {
            guard var record = rules.records[id], let index = record.children.firstIndex(where: { $0.name == "quantity" }) else { continue }
            record.children[index].text = String(max(0, (Int(record.children[index].text) ?? 1) - 1))
            rules.records[id] = record
        }
        rules.changed = true
        resources["cart_rules"] = rules
    }

    /// The carrier a `delivery_option` names for the address: `{"8":"2,"}` → 2.
    static func chosenCarrier(deliveryOption: String, addressID: Int) -> Int? {
        guard let data = deliveryOption.data(using: .utf8), let options = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let value = (options[String(addressID)] ?? options.values.first) as? String
        else { return nil }
        return Int(value.split(separator: ",").first ?? "")
    }

    private func defaultCarrier(_ prices: PriceCalculator, countryID: Int, stateID: Int) -> Int {
        let cart = PriceCalculator.ShippedCart(productsTaxIncluded: 0, productsWithDiscounts: 0, weight: 0)
        let serving = prices.carriers(countryID: countryID, stateID: stateID, cart: cart).map(\.carrierID).sorted()
        let preferred = prices.catalogue.settings.defaultCarrierID
        return serving.contains(preferred) ? preferred : serving.first ?? preferred
    }

    private func orderRows(_ quote: CartQuote, catalogue: PricingCatalogue) -> ReplayElement {
        var rows = ReplayElement(name: "order_rows")
        for line in quote.lines {
            rows.children.append(ReplayElement(name: "order_row", children: [
                ReplayElement(name: "product_id", text: String(line.productID)),
                ReplayElement(name: "product_attribute_id", text: String(line.combinationID)),
                ReplayElement(name: "product_quantity", text: String(line.quantity)),
                ReplayElement(name: "product_name", text: productName(line, catalogue: catalogue)),
                ReplayElement(name: "product_price", text: String(format: "%.6f", line.unitPrice.taxExcluded)),
                ReplayElement(name: "unit_price_tax_incl", text: String(format: "%.6f", line.unitPrice.taxIncluded)),
                ReplayElement(name: "unit_price_tax_excl", text: String(format: "%.6f", line.unitPrice.taxExcluded)),
            ]))
        }
        return ReplayElement(name: "associations", children: [rows])
    }

    /// Nine capital letters, as `Order::generateReference` makes.
    private static func reference() -> String {
        String((0..<9).map { _ in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".randomElement()! })
    }

    /// Configuration values by name, from the emulator's records.
    mutating func configurationValues() -> [String: String] {
        var values: [String: String] = [:]
        for record in load("configurations").records.values {
            guard let name = record.child("name")?.text else { continue }
            values[name] = record.child("value")?.text ?? ""
        }
        return values
    }

    /// What pricing reads, decoded from the emulator's records with ShopKit's models.
    mutating func pricingCatalogue() -> PricingCatalogue {
        var catalogue = PricingCatalogue()
        for model in models(Product.self) { catalogue.products[model.id ?? 0] = model }
        for model in models(Combination.self) { catalogue.combinations[model.id ?? 0] = model }
        catalogue.specificPrices = models(SpecificPrice.self)
        for model in models(CustomerGroup.self) { catalogue.groups[model.id ?? 0] = model }
        catalogue.taxRules = models(TaxRule.self)
        for model in models(Tax.self) { catalogue.taxes[model.id ?? 0] = model }
        for model in models(Country.self) { catalogue.countries[model.id ?? 0] = model }
        for model in models(State.self) { catalogue.states[model.id ?? 0] = model }
        for model in models(Carrier.self) where model.deleted != true { catalogue.carriers[model.id ?? 0] = model }
        catalogue.deliveries = models(Delivery.self)
        for range in models(PriceRange.self).compactMap(\.range) { catalogue.priceRanges[range.id] = range }
        for range in models(WeightRange.self).compactMap(\.range) { catalogue.weightRanges[range.id] = range }
        let precision = models(Currency.self).first?.precision
        catalogue.settings = PricingSettings(configuration: configurationValues(), currencyPrecision: precision)
        return catalogue
    }

    private mutating func models<Model: ResourceModel>(_ type: Model.Type) -> [Model] {
        load(Model.resource).records.keys.sorted().compactMap { id in
            guard let record = resources[Model.resource]?.records[id],
                let document = try? WebserviceDocument(xml: ReplayXMLWriter.document(record: record))
            else { return nil }
            return try? Model.one(in: document)
        }
    }
}

extension ShopEmulator {
    /// A new `order_histories` row moves its order to that state (`OrderHistory::changeIdOrderState`),
    /// and the order is valid when the state is a logable one (the recorded 2, 3, 4, 5, 11…).
    mutating func applyHistory(_ history: ReplayElement) {
        guard let orderID = history.child("id_order").flatMap({ Int($0.text) }), let state = history.child("id_order_state")?.text,
            var orders = resources["orders"] ?? Optional(load("orders")), var order = orders.records[orderID]
        else { return }
        let logable = load("order_states").records[Int(state) ?? 0]?.child("logable")?.text == "1"
        for (name, value) in [("current_state", state), ("valid", logable ? "1" : "0"), ("date_upd", Self.nowText())] {
            if let index = order.children.firstIndex(where: { $0.name == name }) { order.children[index].text = value }
        }
        orders.records[orderID] = order
        orders.changed = true
        resources["orders"] = orders
    }
}
