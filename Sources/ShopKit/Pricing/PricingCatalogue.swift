/// Everything PrestaShop's price rules read, as plain values: an app or the replay fills it
/// from the webservice (``PricingCatalogueLoader``) or from its own records, then prices carts
/// with ``PriceCalculator`` and ``CartCalculator`` without another request.
public struct PricingCatalogue: Sendable {
    public var products: [Int: Product] = [:]
    public var combinations: [Int: Combination] = [:]
    public var specificPrices: [SpecificPrice] = []
    public var groups: [Int: CustomerGroup] = [:]
    public var taxRules: [TaxRule] = []
    public var taxes: [Int: Tax] = [:]
    public var countries: [Int: Country] = [:]
    public var states: [Int: State] = [:]
    public var carriers: [Int: Carrier] = [:]
    public var deliveries: [Delivery] = []
    public var priceRanges: [Int: ShippingRange] = [:]
    public var weightRanges: [Int: ShippingRange] = [:]
    public var settings = PricingSettings()

    public init() {}
}

/// The shop's configuration values that change a price.
public struct PricingSettings: Sendable, Hashable {
    /// `PS_ROUND_TYPE`.
    public var roundType: PriceRoundingType = .line
    /// `PS_PRICE_ROUND_MODE`.
    public var roundMode: PriceRoundingMode = .halfUp
    /// The currency's `precision`: the decimals of every computed amount.
    public var precision = 2
    /// `PS_TAX`: 0 turns every tax off.
    public var taxEnabled = true
    /// `PS_SHIPPING_HANDLING`, added to carriers with `shipping_handling`.
    public var shippingHandling = 0.0
    /// `PS_SHIPPING_FREE_PRICE`: shipping is free from this order total (tax incl., after
    /// vouchers); 0 turns it off.
    public var freeShippingPrice = 0.0
    /// `PS_SHIPPING_FREE_WEIGHT`: shipping is free from this weight; 0 turns it off.
    public var freeShippingWeight = 0.0
    /// `PS_QTY_DISCOUNT_ON_COMBINATION`: quantity discounts count each combination alone.
    public var quantityDiscountOnCombination = false
    /// `PS_COUNTRY_DEFAULT`: the country of prices without an address.
    public var defaultCountryID = 0
    /// `PS_CUSTOMER_GROUP`: the group of customers with no group of their own.
    public var customerGroupID = 3
    /// `PS_CARRIER_DEFAULT`.
    public var defaultCarrierID = 0
    /// `PS_SPECIFIC_PRICE_PRIORITIES` after the customer, most important first.
    public var specificPricePriorities = ["id_shop", "id_currency", "id_country", "id_group"]

    public init() {}

    /// The configuration keys ``init(configuration:currencyPrecision:)`` reads.
    public static let configurationKeys = [
        "PS_ROUND_TYPE", "PS_PRICE_ROUND_MODE", "PS_TAX", "PS_SHIPPING_HANDLING", "PS_SHIPPING_FREE_PRICE", "PS_SHIPPING_FREE_WEIGHT",
        "PS_QTY_DISCOUNT_ON_COMBINATION", "PS_COUNTRY_DEFAULT", "PS_CUSTOMER_GROUP", "PS_CARRIER_DEFAULT", "PS_SPECIFIC_PRICE_PRIORITIES",
    ]

    /// The settings from configuration values by name; a missing key keeps PrestaShop's default.
    public init(configuration: [String: String], currencyPrecision: Int?) {
        func number(_ key: String) -> Double? { configuration[key].flatMap { Double($0) } }
        if let value = configuration["PS_ROUND_TYPE"].flatMap({ Int($0) }).flatMap(PriceRoundingType.init) { roundType = value }
        if let value = configuration["PS_PRICE_ROUND_MODE"].flatMap({ Int($0) }).flatMap(PriceRoundingMode.init) { roundMode = value }
        if let value = currencyPrecision { precision = value }
        if let value = configuration["PS_TAX"] { taxEnabled = value != "0" }
        shippingHandling = number("PS_SHIPPING_HANDLING") ?? 0
        freeShippingPrice = number("PS_SHIPPING_FREE_PRICE") ?? 0
        freeShippingWeight = number("PS_SHIPPING_FREE_WEIGHT") ?? 0
        quantityDiscountOnCombination = configuration["PS_QTY_DISCOUNT_ON_COMBINATION"] == "1"
        defaultCountryID = configuration["PS_COUNTRY_DEFAULT"].flatMap { Int($0) } ?? 0
        customerGroupID = configuration["PS_CUSTOMER_GROUP"].flatMap { Int($0) } ?? 3
        defaultCarrierID = configuration["PS_CARRIER_DEFAULT"].flatMap { Int($0) } ?? 0
        if let value = configuration["PS_SPECIFIC_PRICE_PRIORITIES"], !value.isEmpty {
            specificPricePriorities = value.split(separator: ";").map(String.init)
        }
    }
}

extension ShopDecimal {
    /// The value as PHP holds it, for arithmetic done the shop's way.
    var double: Double { Double(millionths) / 1_000_000 }
}
