import Foundation
import ShopKit
import WebCore

/// Amounts as the pages show them. The price rules themselves are ShopKit's
/// (`PriceCalculator`, `CartCalculator`): the storefront computes nothing of its own.
enum ShopMoney {
    /// Two decimals, rounded half up, with the currency's sign: 19.812 → "19.81 €".
    static func text(_ amount: ShopDecimal, sign: String) -> String {
        let cents = (amount.millionths + (amount.millionths < 0 ? -5_000 : 5_000)) / 10_000
        let whole = abs(cents) / 100
        let fraction = abs(cents) % 100
        let number = "\(cents < 0 ? "-" : "")\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        return sign.isEmpty ? number : "\(number) \(sign)"
    }

    static func text(_ amount: Double, sign: String) -> String { text(decimal(amount), sign: sign) }

    /// A computed amount as a decimal, to the millionth.
    static func decimal(_ amount: Double) -> ShopDecimal {
        ShopDecimal(millionths: Int64((amount * 1_000_000).rounded()))
    }

    static func today() -> ShopDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: Date())
        return ShopDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}

/// A product's price as the page shows it: with the tax of the shop's default country, and,
/// when a specific price applies, the old price and the reduced one.
struct ShopPrice: Sendable, Hashable {
    let regular: ShopDecimal
    let final: ShopDecimal
    var isReduced: Bool { final < regular }
}

/// The storefront's prices, from ShopKit's calculator: the visitor's group, the shop's
/// default country (or the delivery address's), the shop's date.
extension Storefront {
    /// Everything pricing these products needs, in one request per resource.
    func pricing(_ productIDs: [Int], customerID: Int?, countryID: Int? = nil, stateID: Int = 0, carrierIDs: [Int]? = []) async throws -> PricingCatalogue {
        let settings = await settings()
        let group = try await groupID(customerID)
        return try await services.facade.prices.catalogue(
            productIDs: productIDs, groupID: group, countryID: countryID ?? settings.countryID ?? 0, stateID: stateID, carrierIDs: carrierIDs,
            currencyID: settings.currencyID)
    }

    /// A logged-in customer's default group, else the shop's group for visitors.
    func groupID(_ customerID: Int?) async throws -> Int {
        if let customerID, let group = try await services.facade.customers.customer(id: customerID).defaultGroupID, group > 0 {
            return group
        }
        let values = try await services.facade.information.configurationValues(["PS_UNIDENTIFIED_GROUP", "PS_CUSTOMER_GROUP"])
        return values["PS_UNIDENTIFIED_GROUP"].flatMap { Int($0) } ?? values["PS_CUSTOMER_GROUP"].flatMap { Int($0) } ?? 1
    }

    func shownPrice(_ productID: Int, combination: Int, catalogue: PricingCatalogue, customerID: Int?, groupID: Int) throws -> ShopPrice {
        let settings = catalogue.settings
        // The catalogue was read for one country (the shop's default, or none: prices without tax).
        let context = PriceContext(countryID: catalogue.countries.keys.first ?? 0, groupID: groupID, customerID: customerID ?? 0, now: .now())
        let calculator = PriceCalculator(catalogue: catalogue)
        do {
            let final = try calculator.unitPrice(product: productID, combination: combination, context: context)
            let regular = try calculator.unitPrice(product: productID, combination: combination, context: context, options: PriceOptions(useReduction: false))
            let rounding = { (value: Double) in ShopMoney.decimal(settings.roundMode.round(value, places: settings.precision)) }
            return ShopPrice(regular: rounding(regular), final: rounding(final))
        } catch {
            throw ShopFailure(.badGateway, "shop_failed", "The shop's data cannot price product \(productID): \(error.description).")
        }
    }
}
