import Foundation
import ShopKit
import WebCore

/// Amounts as the pages show them. The price rules themselves are ShopKit's
/// (`PriceCalculator`, `CartCalculator`): the storefront computes nothing of its own.
enum ShopMoney {
    /// Two decimals, rounded half up, written as the shop writes its currency: 19.812 →
    /// "$19.81" (en-US), "19,81 €" (it-IT), 1234.5 → "$1,234.50", "1.234,50 €".
    static func text(_ amount: ShopDecimal, sign: CurrencySign) -> String {
        let cents = (amount.millionths + (amount.millionths < 0 ? -5_000 : 5_000)) / 10_000
        let fraction = abs(cents) % 100
        let whole = grouped(abs(cents) / 100, by: sign.groupingSeparator)
        let number = "\(whole)\(sign.decimalSeparator)\(fraction < 10 ? "0" : "")\(fraction)"
        let minus = cents < 0 ? "-" : ""
        guard !sign.symbol.isEmpty else { return minus + number }
        let gap = sign.spaced ? " " : ""
        return sign.first ? "\(minus)\(sign.symbol)\(gap)\(number)" : "\(minus)\(number)\(gap)\(sign.symbol)"
    }

    static func text(_ amount: Double, sign: CurrencySign) -> String { text(decimal(amount), sign: sign) }

    private static func grouped(_ whole: Int64, by separator: String) -> String {
        let digits = String(whole)
        guard !separator.isEmpty, digits.count > 3 else { return digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.append(digits[start..<end])
            end = start
        }
        return groups.reversed().joined(separator: separator)
    }

    /// A computed amount as a decimal, to the millionth.
    static func decimal(_ amount: Double) -> ShopDecimal {
        ShopDecimal(millionths: Int64((amount * 1_000_000).rounded()))
    }

    static func today() -> ShopDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: Date())
        return ShopDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}

/// How the shop writes an amount in its currency: the sign, its side, the space beside it, and
/// the separators.
/// - 1.6 says it all in the currency's `format` and `blank` (1.6 `tools.js` `formatCurrency`:
///   1 "X0,000.00", 2 "0 000,00X", 3 "X0.000,00", 4 "0,000.00X", 5 "X0'000.00").
/// - 8.x takes it from the language's CLDR locale ("$1,234.50" in en-US, "1.234,50 €" in
///   it-IT), where the currency's own `pattern`, if the shop set one, places the sign.
struct CurrencySign: Sendable, Hashable {
    var symbol: String
    var first: Bool
    var spaced = false
    var decimalSeparator = "."
    var groupingSeparator = ","

    static let none = CurrencySign(symbol: "", first: false)

    static func placing(_ symbol: String, currency: Currency?, locale: String?, languageID: Int) -> CurrencySign {
        if let format = currency?.format, let sign = legacy(symbol, format: format, spaced: currency?.blank ?? false) { return sign }
        guard let locale, !locale.isEmpty else { return CurrencySign(symbol: symbol, first: false, spaced: true) }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
        formatter.numberStyle = .currency
        if let isoCode = currency?.isoCode, !isoCode.isEmpty { formatter.currencyCode = isoCode }
        var sign = CurrencySign(symbol: symbol, first: false)
        sign.decimalSeparator = formatter.currencyDecimalSeparator ?? formatter.decimalSeparator ?? "."
        sign.groupingSeparator = formatter.currencyGroupingSeparator ?? formatter.groupingSeparator ?? ","
        let ownPattern = currency?.pattern?.best(preferring: [languageID]) ?? ""
        let pattern = ownPattern.contains("¤") ? ownPattern : formatter.positiveFormat ?? ""
        // The positive half of "¤#,##0.00;(¤#,##0.00)" places the sign.
        let positive = pattern.split(separator: ";").first ?? ""
        if let place = positive.firstIndex(of: "¤") {
            sign.first = place == positive.startIndex
            let neighbour = sign.first ? positive[positive.index(after: place)...].first : positive[..<place].last
            sign.spaced = neighbour?.isWhitespace ?? false
        } else {
            let sample = formatter.string(from: 1) ?? ""
            sign.first = !(sample.first?.isNumber ?? true)
            sign.spaced = sample.contains { $0.isWhitespace }
        }
        return sign
    }

    private static func legacy(_ symbol: String, format: Int, spaced: Bool) -> CurrencySign? {
        let (first, grouping, decimal): (Bool, String, String)
        switch format {
        case 1: (first, grouping, decimal) = (true, ",", ".")
        case 2: (first, grouping, decimal) = (false, " ", ",")
        case 3: (first, grouping, decimal) = (true, ".", ",")
        case 4: (first, grouping, decimal) = (false, ",", ".")
        case 5: (first, grouping, decimal) = (true, "'", ".")
        default: return nil
        }
        return CurrencySign(symbol: symbol, first: first, spaced: spaced, decimalSeparator: decimal, groupingSeparator: grouping)
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
