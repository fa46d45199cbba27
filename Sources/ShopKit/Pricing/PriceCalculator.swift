import Foundation

/// Where and for whom a price is asked: PrestaShop's `Product::priceCalculation` arguments.
public struct PriceContext: Sendable, Hashable {
    public var countryID: Int
    public var stateID: Int
    public var groupID: Int
    public var customerID: Int
    public var currencyID: Int
    public var shopID: Int
    /// The line's quantity.
    public var quantity: Int
    /// The product's quantity in the whole cart (every combination), which quantity discounts
    /// compare with unless `PS_QTY_DISCOUNT_ON_COMBINATION`; nil outside a cart.
    public var cartQuantity: Int?
    /// When the price is asked, in the shop's time: specific prices' `from`/`to` compare with it.
    public var now: ShopDateTime

    public init(
        countryID: Int, stateID: Int = 0, groupID: Int, customerID: Int = 0, currencyID: Int = 1, shopID: Int = 1, quantity: Int = 1,
        cartQuantity: Int? = nil, now: ShopDateTime
    ) {
        self.countryID = countryID
        self.stateID = stateID
        self.groupID = groupID
        self.customerID = customerID
        self.currencyID = currencyID
        self.shopID = shopID
        self.quantity = quantity
        self.cartQuantity = cartQuantity
        self.now = now
    }
}

/// What a unit price includes, as the webservice's `price[NAME][…]` parameters name it.
public struct PriceOptions: Sendable, Hashable {
    public var withTax = true
    public var decimals = 6
    public var useReduction = true
    public var onlyReduction = false
    /// The webservice's computed prices leave the group's reduction out; carts apply it.
    public var useGroupReduction = true

    public init(withTax: Bool = true, decimals: Int = 6, useReduction: Bool = true, onlyReduction: Bool = false, useGroupReduction: Bool = true) {
        self.withTax = withTax
        self.decimals = decimals
        self.useReduction = useReduction
        self.onlyReduction = onlyReduction
        self.useGroupReduction = useGroupReduction
    }
}

/// PrestaShop 8.1's product prices (`Product::priceCalculation`), taxes (`TaxRulesTaxManager`)
/// and specific-price choice (`SpecificPrice::getSpecificPrice`), on a ``PricingCatalogue``.
public struct PriceCalculator: Sendable {
    public let catalogue: PricingCatalogue

    public init(catalogue: PricingCatalogue) { self.catalogue = catalogue }

    /// A product's unit price (combination 0 for the product itself).
    public func unitPrice(product productID: Int, combination combinationID: Int, context: PriceContext, options: PriceOptions = PriceOptions())
        throws(PricingError) -> Double
    {
        guard let product = catalogue.products[productID] else { throw .unknownProduct(productID) }
        var impact = 0.0
        if combinationID != 0 {
            guard let combination = catalogue.combinations[combinationID], combination.productID == productID else {
                throw .unknownCombination(combinationID, product: productID)
            }
            impact = combination.price?.double ?? 0
        }
        let rounding = catalogue.settings.roundMode
        let specific = specificPrice(product: productID, combination: combinationID, context: context)
        var price: Double
        if let specific, let fixed = specific.price?.double, fixed >= 0 {
            price = fixed
        } else {
            price = product.price?.double ?? 0
        }
        if specific == nil || (specific?.productAttributeID ?? 0) == 0 || (specific?.price?.double ?? -1) < 0 {
            price += impact
        }
        let tax = taxes(group: product.taxRulesGroupID ?? 0, countryID: context.countryID, stateID: context.stateID)
        let withTax = options.withTax && catalogue.settings.taxEnabled
        if withTax { price = tax.adding(to: price) }
        var reduction = 0.0
        if let specific, options.useReduction || options.onlyReduction {
            let amount = specific.reduction?.double ?? 0
            if specific.reductionType == "amount" {
                reduction = amount
                let taxIncluded = specific.reductionTax ?? true
                if !withTax && taxIncluded { reduction = tax.removing(from: reduction) }
                if withTax && !taxIncluded { reduction = tax.adding(to: reduction) }
            } else {
                reduction = price * amount
            }
        }
        if options.useReduction { price -= reduction }
        if options.useGroupReduction, let percent = catalogue.groups[context.groupID]?.reduction?.double, percent != 0 {
            price -= price * percent / 100
        }
        if options.onlyReduction { return rounding.round(reduction, places: options.decimals) }
        price = rounding.round(price, places: options.decimals)
        return max(price, 0)
    }

    /// The specific price PrestaShop picks for this product, combination and context, if any.
    public func specificPrice(product productID: Int, combination combinationID: Int, context: PriceContext) -> SpecificPrice? {
        let settings = catalogue.settings
        let comparedQuantity: Int
        if let cartQuantity = context.cartQuantity, !settings.quantityDiscountOnCombination, cartQuantity > 0 {
            comparedQuantity = max(1, cartQuantity)
        } else {
            comparedQuantity = context.quantity
        }
        let candidates = catalogue.specificPrices.filter { rule in
            let dateless = { (date: ShopDateTime?) in date == nil }
            return [0, productID].contains(rule.productID ?? 0) && [0, combinationID].contains(rule.productAttributeID ?? 0)
                && [0, context.shopID].contains(rule.shopID ?? 0) && [0, context.currencyID].contains(rule.currencyID ?? 0)
                && [0, context.countryID].contains(rule.countryID ?? 0) && [0, context.groupID].contains(rule.groupID ?? 0)
                && [0, context.customerID].contains(rule.customerID ?? 0) && (rule.cartID ?? 0) == 0
                && ((rule.fromQuantity ?? 1) > 1 ? rule.fromQuantity ?? 0 : 0) <= comparedQuantity
                && (dateless(rule.from) || rule.from.map { context.now >= $0 } == true)
                && (dateless(rule.to) || rule.to.map { context.now <= $0 } == true)
        }
        let priorities = ["id_customer"] + settings.specificPricePriorities
        func score(_ rule: SpecificPrice) -> Int {
            var total = 0
            for (index, field) in priorities.reversed().enumerated() {
                let matches: Bool
                switch field {
                case "id_customer": matches = (rule.customerID ?? 0) == context.customerID
                case "id_shop": matches = (rule.shopID ?? 0) == context.shopID
                case "id_currency": matches = (rule.currencyID ?? 0) == context.currencyID
                case "id_country": matches = (rule.countryID ?? 0) == context.countryID
                case "id_group": matches = (rule.groupID ?? 0) == context.groupID
                default: matches = false
                }
                if matches { total += 1 << (index + 1) }
            }
            return total
        }
        return candidates.min { lhs, rhs in
            let left = (lhs.productAttributeID ?? 0, lhs.fromQuantity ?? 1, -(lhs.specificPriceRuleID ?? 0), score(lhs))
            let right = (rhs.productAttributeID ?? 0, rhs.fromQuantity ?? 1, -(rhs.specificPriceRuleID ?? 0), score(rhs))
            if left != right { return left > right }
            return (lhs.to ?? ShopDateTime.distantPast) > (rhs.to ?? ShopDateTime.distantPast)
        }
    }

    /// The taxes of a tax rules group at an address (`TaxRulesTaxManager::getTaxCalculator`).
    public func taxes(group groupID: Int, countryID: Int, stateID: Int) -> TaxComputation {
        guard catalogue.settings.taxEnabled, groupID != 0 else { return TaxComputation(rates: [], behavior: 0) }
        let rules = catalogue.taxRules
            .filter { rule in
                rule.taxRulesGroupID == groupID && rule.countryID == countryID && [0, stateID].contains(rule.stateID ?? 0)
                    && ["", "0"].contains(rule.zipcodeFrom ?? "0") && ["", "0"].contains(rule.zipcodeTo ?? "0")
            }
            .sorted { ($0.stateID ?? 0) > ($1.stateID ?? 0) }
        var rates: [Double] = []
        var behavior = 0
        for (index, rule) in rules.enumerated() {
            rates.append(catalogue.taxes[rule.taxID ?? 0]?.rate?.double ?? 0)
            if index == 0 { behavior = rule.behavior ?? 0 }
            if rule.behavior == 0 { break }
        }
        return TaxComputation(rates: rates, behavior: behavior)
    }

    /// The zone of an address: its state's, else its country's.
    public func zone(countryID: Int, stateID: Int) throws(PricingError) -> Int {
        if stateID != 0 {
            guard let state = catalogue.states[stateID], state.countryID == countryID else { throw .unknownState(stateID, country: countryID) }
            if let zone = state.zoneID, zone != 0 { return zone }
        }
        guard let country = catalogue.countries[countryID] else { throw .unknownCountry(countryID) }
        return country.zoneID ?? 0
    }
}

/// The taxes that apply to one price: combined (summed, behavior 1), one after another
/// (behavior 2) or the single most specific one (behavior 0).
public struct TaxComputation: Sendable, Hashable {
    public let rates: [Double]
    public let behavior: Int

    public var totalRate: Double {
        if behavior == 2 { return (rates.reduce(1.0) { $0 * (1 + $1 / 100) } - 1) * 100 }
        return rates.reduce(0, +)
    }

    public func adding(to price: Double) -> Double {
        if behavior == 2 { return rates.reduce(price) { $0 * (1 + $1 / 100) } }
        return price * (1 + totalRate / 100)
    }

    public func removing(from price: Double) -> Double {
        price / (1 + totalRate / 100)
    }
}

extension ShopDateTime {
    static let distantPast = ShopDateTime("0001-01-01 00:00:00")!

    /// Now in the shop's time zone (`PS_TIMEZONE`; UTC when unknown).
    public static func now(timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> ShopDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date())
        let text = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0)
        return ShopDateTime(text) ?? distantPast
    }
}
