/// A whole cart priced as PrestaShop 8.1's `Cart::getOrderTotal` does (its `Calculator`,
/// `CartRow` and `CartRuleCalculator`): lines at 6-decimal unit prices rounded by
/// `PS_ROUND_TYPE`, the carrier's shipping, then vouchers in priority order — free shipping,
/// percentages line by line, amounts spread over the lines by their weight — with the discount
/// capped at the products' total and every total rounded to the currency's precision.
public struct CartCalculator: Sendable {
    public let prices: PriceCalculator

    public init(catalogue: PricingCatalogue) { prices = PriceCalculator(catalogue: catalogue) }

    public func quote(_ request: CartQuoteRequest, now: ShopDateTime) throws(PricingError) -> CartQuote {
        guard !request.lines.isEmpty else { throw .emptyCart }
        let settings = prices.catalogue.settings
        let precision = settings.precision
        let round = { (value: Double) in settings.roundMode.round(value, places: precision) }
        var rows: [Row] = []
        for line in request.lines {
            rows.append(try row(line, in: request, now: now))
        }
        let products = rows.reduce(TaxedAmount.zero) { $0 + $1.total }
        var weight = 0.0
        for row in rows { weight += try self.weight(of: row.line) * Double(row.line.quantity) }
        let additional = rows.reduce(0.0) { total, row in
            total + (prices.catalogue.products[row.line.productID]?.additionalShippingCost?.double ?? 0) * Double(row.line.quantity)
        }
        let rules = request.cartRules.sorted { ($0.priority ?? 1, $0.id ?? 0) < ($1.priority ?? 1, $1.id ?? 0) }
        var refused: [(id: Int, reason: String)] = []
        var usable: [CartRule] = []
        let shippingBeforeRules = try? shippingCost(request, products: products, productsWithDiscounts: products.taxIncluded, weight: weight, additional: additional)
        for rule in rules {
            if let reason = try refusal(of: rule, request: request, products: products, shipping: shippingBeforeRules ?? .zero, now: now) {
                refused.append((rule.id ?? 0, reason))
            } else {
                usable.append(rule)
            }
        }
        // PS_SHIPPING_FREE_PRICE compares with the total after vouchers, shipping left out.
        var discountedRows = rows
        let productDiscounts = try apply(usable, to: &discountedRows, shipping: nil)
        let productsAfterDiscounts = products.taxIncluded - min(round(productDiscounts.taxIncluded), products.taxIncluded)
        let shipping = try shippingCost(request, products: products, productsWithDiscounts: productsAfterDiscounts, weight: weight, additional: additional)
        var finalRows = rows
        var discounts = try apply(usable, to: &finalRows, shipping: shipping)
        let shippingDiscount = usable.contains { $0.freeShipping == true } ? shipping : .zero
        // 8.1's `Calculator::getRowTotalWithoutDiscount` sums each row's *initial* total, unit
        // price × quantity before the round type's line rounding: the order total is formed
        // from it, so with PS_ROUND_TYPE 2 it can differ by a cent from the products' total.
        let initialProducts = rows.reduce(TaxedAmount.zero) { total, row in
            let quantity = Double(row.line.quantity)
            return total + TaxedAmount(taxExcluded: row.unit.taxExcluded * quantity, taxIncluded: row.unit.taxIncluded * quantity)
        }
        let cap = initialProducts + shippingDiscount
        if discounts.taxIncluded > cap.taxIncluded { discounts.taxIncluded = cap.taxIncluded }
        if discounts.taxExcluded > cap.taxExcluded { discounts.taxExcluded = cap.taxExcluded }
        let roundedProducts = TaxedAmount(taxExcluded: round(products.taxExcluded), taxIncluded: round(products.taxIncluded))
        let roundedDiscounts = TaxedAmount(taxExcluded: round(discounts.taxExcluded), taxIncluded: round(discounts.taxIncluded))
        let fee = round(request.paymentFee)
        let paid = TaxedAmount(
            taxExcluded: round(initialProducts.taxExcluded - roundedDiscounts.taxExcluded + round(shipping.taxExcluded)),
            taxIncluded: round(initialProducts.taxIncluded - roundedDiscounts.taxIncluded + round(shipping.taxIncluded) + fee))
        return CartQuote(
            lines: rows.map { row in
                CartQuote.Line(
                    productID: row.line.productID, combinationID: row.line.combinationID, quantity: row.line.quantity, unitPrice: row.unit,
                    total: row.total, hasSpecialPrice: row.hasSpecialPrice)
            },
            products: roundedProducts, shipping: shipping, discounts: roundedDiscounts, paymentFee: fee, paid: paid,
            appliedCartRuleIDs: usable.map { $0.id ?? 0 }, refusedCartRules: refused)
    }

    struct Row {
        let line: CartQuoteRequest.Line
        let unit: TaxedAmount
        let total: TaxedAmount
        var final: TaxedAmount
        let hasSpecialPrice: Bool
    }

    private func row(_ line: CartQuoteRequest.Line, in request: CartQuoteRequest, now: ShopDateTime) throws(PricingError) -> Row {
        guard line.quantity > 0 else { throw .invalidQuantity(line.quantity, product: line.productID) }
        let settings = prices.catalogue.settings
        let cartQuantity = request.lines.filter { $0.productID == line.productID }.reduce(0) { $0 + $1.quantity }
        let context = PriceContext(
            countryID: request.countryID, stateID: request.stateID, groupID: request.groupID, customerID: request.customerID,
            currencyID: request.currencyID, quantity: line.quantity, cartQuantity: cartQuantity, now: now)
        var unit = TaxedAmount(
            taxExcluded: try prices.unitPrice(product: line.productID, combination: line.combinationID, context: context, options: PriceOptions(withTax: false)),
            taxIncluded: try prices.unitPrice(product: line.productID, combination: line.combinationID, context: context, options: PriceOptions(withTax: true)))
        let round = { (value: Double) in settings.roundMode.round(value, places: settings.precision) }
        let quantity = Double(line.quantity)
        let total: TaxedAmount
        switch settings.roundType {
        case .item:
            unit = TaxedAmount(taxExcluded: round(unit.taxExcluded), taxIncluded: round(unit.taxIncluded))
            total = TaxedAmount(taxExcluded: unit.taxExcluded * quantity, taxIncluded: unit.taxIncluded * quantity)
        case .line:
            total = TaxedAmount(taxExcluded: round(unit.taxExcluded * quantity), taxIncluded: round(unit.taxIncluded * quantity))
        case .total:
            total = TaxedAmount(taxExcluded: unit.taxExcluded * quantity, taxIncluded: unit.taxIncluded * quantity)
        }
        let special = prices.specificPrice(product: line.productID, combination: line.combinationID, context: context)
        let reduces = special.map { ($0.reduction?.double ?? 0) > 0 || ($0.price?.double ?? -1) >= 0 } ?? false
        return Row(line: line, unit: unit, total: total, final: total, hasSpecialPrice: reduces)
    }

    private func weight(of line: CartQuoteRequest.Line) throws(PricingError) -> Double {
        guard let product = prices.catalogue.products[line.productID] else { throw .unknownProduct(line.productID) }
        let combination = line.combinationID == 0 ? nil : prices.catalogue.combinations[line.combinationID]
        return (product.weight?.double ?? 0) + (combination?.weight?.double ?? 0)
    }

    private func shippingCost(
        _ request: CartQuoteRequest, products: TaxedAmount, productsWithDiscounts: Double, weight: Double, additional: Double
    ) throws(PricingError) -> TaxedAmount {
        // No carrier chosen yet (a cart before checkout): no shipping.
        guard request.carrierID != 0 else { return .zero }
        let cart = PriceCalculator.ShippedCart(
            productsTaxIncluded: products.taxIncluded, productsWithDiscounts: productsWithDiscounts, weight: weight, additionalShippingCost: additional)
        return try prices.shipping(carrier: request.carrierID, countryID: request.countryID, stateID: request.stateID, cart: cart)
    }

    /// Why PrestaShop would not apply the rule to this cart (`CartRule::checkValidity`), or nil.
    private func refusal(of rule: CartRule, request: CartQuoteRequest, products: TaxedAmount, shipping: TaxedAmount, now: ShopDateTime)
        throws(PricingError) -> String?
    {
        let id = rule.id ?? 0
        if rule.active == false { return "the voucher is not active" }
        if (rule.quantity ?? 1) <= 0 { return "the voucher has already been used" }
        if let from = rule.dateFrom, now < from { return "the voucher is not valid yet (from \(from))" }
        if let to = rule.dateTo, now > to { return "the voucher has expired (on \(to))" }
        if let owner = rule.customerID, owner != 0, owner != request.customerID { return "the voucher belongs to another customer" }
        for (restricted, what) in [
            (rule.countryRestriction, "countries"), (rule.carrierRestriction, "carriers"), (rule.groupRestriction, "groups"),
            (rule.productRestriction, "products"), (rule.shopRestriction, "shops"),
        ] where restricted == true {
            throw .unsupportedCartRule(id: id, reason: "it is restricted to some \(what), which the webservice does not list")
        }
        if (rule.giftProduct ?? 0) != 0 { throw .unsupportedCartRule(id: id, reason: "it gives a product as a gift") }
        if rule.reductionProduct == -2 { throw .unsupportedCartRule(id: id, reason: "it reduces the products of its restrictions, which the webservice does not list") }
        if let minimum = rule.minimumAmount?.double, minimum > 0 {
            let taxIncluded = rule.minimumAmountTax ?? true
            var total = taxIncluded ? products.taxIncluded : products.taxExcluded
            if rule.minimumAmountShipping == true { total += taxIncluded ? shipping.taxIncluded : shipping.taxExcluded }
            let settings = prices.catalogue.settings
            if settings.roundMode.round(total, places: settings.precision) < minimum {
                return "the minimum amount to use the voucher is \(rule.minimumAmount?.description ?? "")"
            }
        }
        return nil
    }

    /// Applies the vouchers to the rows as `CartRuleCalculator::applyCartRule` does; nil shipping
    /// leaves free shipping out (the total PS_SHIPPING_FREE_PRICE compares with).
    private func apply(_ rules: [CartRule], to rows: inout [Row], shipping: TaxedAmount?) throws(PricingError) -> TaxedAmount {
        var total = TaxedAmount.zero
        for rule in rules {
            if rule.freeShipping == true, let shipping { total = total + shipping }
            let percent = rule.reductionPercent?.double ?? 0
            let target = rule.reductionProduct ?? 0
            let excludeSpecial = rule.reductionExcludeSpecial == true
            if percent > 0 {
                if target == -1 {
                    let eligible = rows.indices.filter { !excludeSpecial || !rows[$0].hasSpecialPrice }
                    if let cheapest = eligible.min(by: { rows[$0].unit.taxIncluded < rows[$1].unit.taxIncluded }) {
                        let unit = rows[cheapest].unit
                        let amount = TaxedAmount(taxExcluded: unit.taxExcluded * percent / 100, taxIncluded: unit.taxIncluded * percent / 100)
                        rows[cheapest].final = Self.subtracting(amount, from: rows[cheapest].final)
                        total = total + amount
                    }
                } else {
                    for index in rows.indices where (target == 0 || rows[index].line.productID == target) && (!excludeSpecial || !rows[index].hasSpecialPrice) {
                        let final = rows[index].final
                        let amount = TaxedAmount(taxExcluded: final.taxExcluded * percent / 100, taxIncluded: final.taxIncluded * percent / 100)
                        rows[index].final = final - amount
                        total = total + amount
                    }
                }
            }
            if let amount = rule.reductionAmount?.double, amount > 0 {
                let concerned = rows.indices.filter { target <= 0 || rows[$0].line.productID == target }
                let taxIncluded = rule.reductionTax ?? false
                let concernedTotal = concerned.reduce(TaxedAmount.zero) { $0 + rows[$1].final }
                let discount = min(amount, taxIncluded ? concernedTotal.taxIncluded : concernedTotal.taxExcluded)
                for index in concerned {
                    let final = rows[index].final
                    let rate = final.taxExcluded != 0 ? (final.taxIncluded - final.taxExcluded) / final.taxExcluded : 0
                    let share: TaxedAmount
                    if taxIncluded {
                        let weight = concernedTotal.taxIncluded != 0 ? final.taxIncluded / concernedTotal.taxIncluded : 0
                        let included = discount * weight
                        share = TaxedAmount(taxExcluded: included / (1 + rate), taxIncluded: included)
                    } else {
                        let weight = concernedTotal.taxExcluded != 0 ? final.taxExcluded / concernedTotal.taxExcluded : 0
                        let excluded = discount * weight
                        share = TaxedAmount(taxExcluded: excluded, taxIncluded: excluded * (1 + rate))
                    }
                    rows[index].final = Self.subtracting(share, from: final)
                    total = total + share
                }
            }
        }
        return total
    }

    private static func subtracting(_ amount: TaxedAmount, from value: TaxedAmount) -> TaxedAmount {
        TaxedAmount(taxExcluded: max(0, value.taxExcluded - amount.taxExcluded), taxIncluded: max(0, value.taxIncluded - amount.taxIncluded))
    }
}
