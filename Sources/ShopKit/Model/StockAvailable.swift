/// The stock of a product or one of its combinations in a shop. Stock is written here with PUT,
/// never through `products.quantity`, which is read-only (API-NOTES §9).
public struct StockAvailable: ResourceModel {
    public static let element = "stock_available"
    public static let resource = "stock_availables"

    public var id: Int?
    public var productID: Int?
    public var productAttributeID: Int?
    public var shopID: Int?
    public var shopGroupID: Int?
    public var quantity: Int?
    public var dependsOnStock: Bool?
    /// `out_of_stock`: 0 deny orders, 1 allow, 2 use the shop default.
    public var outOfStock: Int?

    public init() {}

    public static let schema = RecordSchema<StockAvailable>(
        fields: [
            .field("id", \.id, .int),
            .field("id_product", \.productID, .int),
            .field("id_product_attribute", \.productAttributeID, .int),
            .field("id_shop", \.shopID, .int),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("quantity", \.quantity, .int),
            .field("depends_on_stock", \.dependsOnStock, .bool),
            .field("out_of_stock", \.outOfStock, .int),
        ]
    )
}
