/// A product's combination (a variant: size S, colour orange): its price and weight impacts, its
/// option values and images.
public struct Combination: ResourceModel {
    public static let element = "combination"
    public static let resource = "combinations"

    public var id: Int?
    public var productID: Int?
    public var location: String?
    public var ean13: String?
    public var upc: String?
    public var quantity: Int?
    public var reference: String?
    public var supplierReference: String?
    public var wholesalePrice: ShopDecimal?
    /// `price`: the impact on the product price (added to it).
    public var price: ShopDecimal?
    public var ecotax: ShopDecimal?
    public var weight: ShopDecimal?
    public var unitPriceImpact: ShopDecimal?
    public var minimalQuantity: Int?
    public var isDefault: Bool?
    public var availableDate: ShopDate?
    /// Its option values (one per option: a size, a colour).
    public var optionValueIDs: [Int]?
    /// The product images shown for it.
    public var imageIDs: [Int]?

    public init() {}

    public static let schema = RecordSchema<Combination>(
        fields: [
            .field("id", \.id, .int),
            .field("id_product", \.productID, .int),
            .field("location", \.location, .text),
            .field("ean13", \.ean13, .text),
            .field("upc", \.upc, .text),
            .field("quantity", \.quantity, .int),
            .field("reference", \.reference, .text),
            .field("supplier_reference", \.supplierReference, .text),
            .field("wholesale_price", \.wholesalePrice, .decimal),
            .field("price", \.price, .decimal),
            .field("ecotax", \.ecotax, .decimal),
            .field("weight", \.weight, .decimal),
            .field("unit_price_impact", \.unitPriceImpact, .decimal),
            .field("minimal_quantity", \.minimalQuantity, .int),
            .field("default_on", \.isDefault, .bool),
            .field("available_date", \.availableDate, .date),
        ],
        associations: [
            .ids("product_option_values", item: "product_option_value", \.optionValueIDs),
            .ids("images", item: "image", \.imageIDs),
        ]
    )
}
