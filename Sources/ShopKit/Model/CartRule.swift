/// A cart rule (voucher): a reduction in percent or amount, or free shipping, with the
/// conditions PrestaShop checks before applying it (dates, minimum amount, quantity left,
/// customer). Restrictions to products, carriers, countries or groups live in tables the
/// webservice does not expose; the flags say whether the rule has any.
public struct CartRule: ResourceModel {
    public static let element = "cart_rule"
    public static let resource = "cart_rules"

    public var id: Int?
    public var customerID: Int?
    public var dateFrom: ShopDateTime?
    public var dateTo: ShopDateTime?
    public var description: String?
    /// How many more times the rule can be used, all customers together.
    public var quantity: Int?
    public var quantityPerUser: Int?
    public var priority: Int?
    public var partialUse: Bool?
    public var code: String?
    public var minimumAmount: ShopDecimal?
    public var minimumAmountTax: Bool?
    public var minimumAmountCurrency: Int?
    public var minimumAmountShipping: Bool?
    public var countryRestriction: Bool?
    public var carrierRestriction: Bool?
    public var groupRestriction: Bool?
    public var cartRuleRestriction: Bool?
    public var productRestriction: Bool?
    public var shopRestriction: Bool?
    public var freeShipping: Bool?
    /// In percent: 10.00 takes 10 % off.
    public var reductionPercent: ShopDecimal?
    public var reductionAmount: ShopDecimal?
    public var reductionTax: Bool?
    public var reductionCurrency: Int?
    /// 0: the whole order; a product id: that product; -1: the cheapest product; -2: the
    /// products of the rule's restrictions.
    public var reductionProduct: Int?
    public var reductionExcludeSpecial: Bool?
    public var giftProduct: Int?
    public var giftProductAttribute: Int?
    public var highlight: Bool?
    public var active: Bool?
    public var name: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<CartRule>(
        fields: [
            .field("id", \.id, .int),
            .field("id_customer", \.customerID, .int),
            .field("date_from", \.dateFrom, .dateTime),
            .field("date_to", \.dateTo, .dateTime),
            .field("description", \.description, .text),
            .field("quantity", \.quantity, .int),
            .field("quantity_per_user", \.quantityPerUser, .int),
            .field("priority", \.priority, .int),
            .field("partial_use", \.partialUse, .bool),
            .field("code", \.code, .text),
            .field("minimum_amount", \.minimumAmount, .decimal),
            .field("minimum_amount_tax", \.minimumAmountTax, .bool),
            .field("minimum_amount_currency", \.minimumAmountCurrency, .int),
            .field("minimum_amount_shipping", \.minimumAmountShipping, .bool),
            .field("country_restriction", \.countryRestriction, .bool),
            .field("carrier_restriction", \.carrierRestriction, .bool),
            .field("group_restriction", \.groupRestriction, .bool),
            .field("cart_rule_restriction", \.cartRuleRestriction, .bool),
            .field("product_restriction", \.productRestriction, .bool),
            .field("shop_restriction", \.shopRestriction, .bool),
            .field("free_shipping", \.freeShipping, .bool),
            .field("reduction_percent", \.reductionPercent, .decimal),
            .field("reduction_amount", \.reductionAmount, .decimal),
            .field("reduction_tax", \.reductionTax, .bool),
            .field("reduction_currency", \.reductionCurrency, .int),
            .field("reduction_product", \.reductionProduct, .int),
            .field("reduction_exclude_special", \.reductionExcludeSpecial, .bool),
            .field("gift_product", \.giftProduct, .int),
            .field("gift_product_attribute", \.giftProductAttribute, .int),
            .field("highlight", \.highlight, .bool),
            .field("active", \.active, .bool),
            .field("name", \.name, .localized),
        ]
    )
}
