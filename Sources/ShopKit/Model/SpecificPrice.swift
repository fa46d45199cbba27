/// A specific price (a discount or a fixed price for a product, a customer group, a period).
/// No recorded shop traffic holds one: the fields follow the 8.x documentation's blank schema
/// (`docs-8.x_PrestaShop-docs/blank-schemas/specific_prices.xml`).
public struct SpecificPrice: ResourceModel {
    public static let element = "specific_price"
    public static let resource = "specific_prices"

    public var id: Int?
    public var shopGroupID: Int?
    public var shopID: Int?
    public var cartID: Int?
    public var productID: Int?
    public var productAttributeID: Int?
    public var currencyID: Int?
    public var countryID: Int?
    public var groupID: Int?
    public var customerID: Int?
    public var specificPriceRuleID: Int?
    /// `price`: a fixed price, or -1 to keep the product price.
    public var price: ShopDecimal?
    public var fromQuantity: Int?
    public var reduction: ShopDecimal?
    public var reductionTax: Bool?
    /// `reduction_type`: `amount` or `percentage` (`reduction` 0.15 is 15%).
    public var reductionType: String?
    /// `from`: start, nil when unbounded (`0000-00-00 00:00:00`).
    public var from: ShopDateTime?
    /// `to`: end, nil when unbounded.
    public var to: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<SpecificPrice>(
        fields: [
            .field("id", \.id, .int),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("id_shop", \.shopID, .int),
            .field("id_cart", \.cartID, .int),
            .field("id_product", \.productID, .int),
            .field("id_product_attribute", \.productAttributeID, .int),
            .field("id_currency", \.currencyID, .int),
            .field("id_country", \.countryID, .int),
            .field("id_group", \.groupID, .int),
            .field("id_customer", \.customerID, .int),
            .field("id_specific_price_rule", \.specificPriceRuleID, .int),
            .field("price", \.price, .decimal),
            .field("from_quantity", \.fromQuantity, .int),
            .field("reduction", \.reduction, .decimal),
            .field("reduction_tax", \.reductionTax, .bool),
            .field("reduction_type", \.reductionType, .text),
            .field("from", \.from, .dateTime),
            .field("to", \.to, .dateTime),
        ]
    )
}

extension SpecificPrice {
    /// A reduction or fixed price for everyone from the first unit, valid at `now`: what a
    /// "special offers" list shows (an expired or future one is not an offer).
    public func isCurrentOffer(at now: ShopDateTime) -> Bool {
        let reduces = (reduction.map { $0 > ShopDecimal(0) } ?? false) || (price.map { $0 >= ShopDecimal(0) } ?? false)
        let started = from.map { now >= $0 } ?? true
        let running = to.map { now <= $0 } ?? true
        return reduces && started && running && (fromQuantity ?? 1) <= 1 && (customerID ?? 0) == 0 && (cartID ?? 0) == 0
    }
}
