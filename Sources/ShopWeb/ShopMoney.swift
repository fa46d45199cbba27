import Foundation
import ShopKit
import WebCore

/// Amounts as the pages show them. The price rules themselves are ShopKit's
/// (`PriceCalculator`, `CartCalculator`): the storefront computes nothing of its own.
enum ShopMoney {
    /// Two decimals, rounded half up, with the currency's sign where the shop's locale puts
    /// it: 19.812 → "$19.81" (en-US), "19.81 €" (it-IT).
    static func text(_ amount: ShopDecimal, sign: CurrencySign) -> String {
        let cents = (amount.millionths + (amount.millionths < 0 ? -5_000 : 5_000)) / 10_000
        let whole = abs(cents) / 100
        let fraction = abs(cents) % 100
        let number = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        let minus = cents < 0 ? "-" : ""
        guard !sign.symbol.isEmpty else { return minus + number }
        return sign.first ? "\(minus)\(sign.symbol)\(number)" : "\(minus)\(number) \(sign.symbol)"
    }

    static func text(_ amount: Double, sign: CurrencySign) -> String { text(decimal(amount), sign: sign) }

    /// A computed amount as a decimal, to the millionth.
    static func decimal(_ amount: Double) -> ShopDecimal {
        ShopDecimal(millionths: Int64((amount * 1_000_000).rounded()))
    }

    static func today() -> ShopDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: Date())
        return ShopDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}

/// A currency's symbol and which side of the amount it goes: the 1.6 currency's `format`
/// (1, 3, 5: before), else the shop language's locale (CLDR: "$23.90" in en-US, "23,90 €" in
/// it-IT, of which the side is kept; amounts keep their decimal point).
struct CurrencySign: Sendable, Hashable {
    var symbol: String
    var first: Bool

    static let none = CurrencySign(symbol: "", first: false)

    static func placing(_ symbol: String, isoCode: String?, format: Int?, locale: String?) -> CurrencySign {
        if let format { return CurrencySign(symbol: symbol, first: [1, 3, 5].contains(format)) }
        guard let locale, !locale.isEmpty else { return CurrencySign(symbol: symbol, first: false) }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
        formatter.numberStyle = .currency
        if let isoCode, !isoCode.isEmpty { formatter.currencyCode = isoCode }
        let sample = formatter.string(from: 1) ?? ""
        return CurrencySign(symbol: symbol, first: !(sample.first?.isNumber ?? true))
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
            // A fixed-price special replaces the price even "without reduction" (the recorded
            // `excl_no_reduction` of product 18 is its fixed 10.00): the old price the shopper is
            // shown is the product's own, with no specific price at all.
            var unspecial = catalogue
            unspecial.specificPrices.removeAll { $0.productID == productID || $0.productID == 0 }
            let regular = try PriceCalculator(catalogue: unspecial).unitPrice(
                product: productID, combination: combination, context: context, options: PriceOptions(useReduction: false))
            let rounding = { (value: Double) in ShopMoney.decimal(settings.roundMode.round(value, places: settings.precision)) }
            return ShopPrice(regular: rounding(regular), final: rounding(final))
        } catch {
            throw ShopFailure(.badGateway, "shop_failed", "The shop's data cannot price product \(productID): \(error.description).")
        }
    }
}
