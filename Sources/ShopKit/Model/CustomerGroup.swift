/// A customer group ("Visitor", "Guest", "Customer", or a shop's own such as "Customer A"):
/// its price reduction and how prices are shown to its members. Named `CustomerGroup`
/// rather than `Group` (its record element) so it cannot clash with other modules' types.
public struct CustomerGroup: ResourceModel {
    public static let element = "group"
    public static let resource = "groups"

    public var id: Int?
    /// `reduction`: the group's discount in percent (`0.00` in the recordings).
    public var reduction: ShopDecimal?
    /// `price_display_method`: 0 shows prices with tax, 1 without.
    public var priceDisplayMethod: Int?
    public var showPrices: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    public var name: LocalizedText?

    public init() {}

    /// Whether members see prices without tax (`price_display_method` 1).
    public var showsPricesWithoutTax: Bool? { priceDisplayMethod.map { $0 == 1 } }

    public static let schema = RecordSchema<CustomerGroup>(
        fields: [
            .field("id", \.id, .int),
            .field("reduction", \.reduction, .decimal),
            .field("price_display_method", \.priceDisplayMethod, .int),
            .field("show_prices", \.showPrices, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
            .field("name", \.name, .localized),
        ]
    )
}
