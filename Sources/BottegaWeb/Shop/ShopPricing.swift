import Foundation
import ShopKit

/// A product's price as the page shows it: with the tax of the shop's default country, and,
/// when a specific price applies, the old price and the reduced one.
struct ShopPrice: Sendable, Hashable {
    let regular: ShopDecimal
    let final: ShopDecimal
    var isReduced: Bool { final < regular }
}

/// PrestaShop's price rules that the storefront applies (1.6 `Product::priceCalculation`):
/// the base price plus the combination's impact; a specific price for this product (any or
/// this combination, any or this customer and country, from quantity 1, within its dates)
/// replaces the base when its `price` is not -1 and takes off its reduction — a fraction of the
/// taxed price (`percentage`, 0.20 = 20 %) or an amount with or without tax.
enum ShopPricing {
    static func price(
        of product: Product, combination: Combination?, specificPrices: [SpecificPrice], countryID: Int?, customerID: Int?,
        catalogue: ShopCatalogue, today: ShopDate = ShopPricing.today()
    ) async throws(ShopError) -> ShopPrice {
        let impact = combination?.price ?? ShopDecimal(0)
        let base = (product.price ?? ShopDecimal(0)) + impact
        let regular = try await taxed(base, product: product, countryID: countryID, catalogue: catalogue)
        guard let rule = applicable(specificPrices, combinationID: combination?.id ?? 0, customerID: customerID ?? 0, countryID: countryID ?? 0, today: today)
        else { return ShopPrice(regular: regular, final: regular) }
        var start = base
        var startTaxed = regular
        if let override = rule.price, override >= ShopDecimal(0) {
            start = override + impact
            startTaxed = try await taxed(start, product: product, countryID: countryID, catalogue: catalogue)
        }
        let reduction = rule.reduction ?? ShopDecimal(0)
        var final: ShopDecimal
        if rule.reductionType == "percentage" {
            final = startTaxed - fraction(reduction, of: startTaxed)
        } else if rule.reductionTax == false {
            final = try await taxed(start - reduction, product: product, countryID: countryID, catalogue: catalogue)
        } else {
            final = startTaxed - reduction
        }
        if final < ShopDecimal(0) { final = ShopDecimal(0) }
        return ShopPrice(regular: regular, final: final)
    }

    static func applicable(_ rules: [SpecificPrice], combinationID: Int, customerID: Int, countryID: Int, today: ShopDate) -> SpecificPrice? {
        rules.first { rule in
            [0, combinationID].contains(rule.productAttributeID ?? 0) && [0, customerID].contains(rule.customerID ?? 0)
                && [0, countryID].contains(rule.countryID ?? 0) && (rule.fromQuantity ?? 1) <= 1 && (rule.cartID ?? 0) == 0
                && (rule.from.map { $0.date <= today } ?? true) && (rule.to.map { $0.date >= today } ?? true)
        }
    }

    private static func taxed(_ amount: ShopDecimal, product: Product, countryID: Int?, catalogue: ShopCatalogue) async throws(ShopError) -> ShopDecimal {
        guard let countryID else { return amount }
        var priced = product
        priced.price = amount
        return try await catalogue.taxedPrice(of: priced, countryID: countryID)
    }

    /// `share` (a fraction in millionths: 0.2 is 200000) of `amount`, rounded half up to the
    /// millionth, in 128 bits so no price overflows.
    static func fraction(_ share: ShopDecimal, of amount: ShopDecimal) -> ShopDecimal {
        let product = amount.millionths.multipliedFullWidth(by: share.millionths)
        let (quotient, remainder) = Int64(1_000_000).dividingFullWidth(product)
        return ShopDecimal(millionths: abs(remainder) * 2 >= 1_000_000 ? quotient + (amount.millionths < 0 ? -1 : 1) : quotient)
    }

    static func today() -> ShopDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: Date())
        return ShopDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Two decimals, rounded half up, with the currency's sign: 19.812 → "19.81 €".
    static func text(_ amount: ShopDecimal, sign: String) -> String {
        let cents = (amount.millionths + (amount.millionths < 0 ? -5_000 : 5_000)) / 10_000
        let whole = abs(cents) / 100
        let fraction = abs(cents) % 100
        let number = "\(cents < 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        return sign.isEmpty ? number : "\(number) \(sign)"
    }

    /// Multiplies by a whole quantity.
    static func times(_ amount: ShopDecimal, _ quantity: Int) -> ShopDecimal {
        ShopDecimal(millionths: amount.millionths * Int64(quantity))
    }
}
