/// A product: multilingual texts, prices (exact, see `ShopDecimal`), tax rule group, default
/// category and image, and its associations (categories, images, combinations, option values,
/// stock). Getter fields (`manufacturer_name`, `quantity`, `position_in_category`) are read but
/// never written: sending them is error 93 (API-NOTES §3).
public struct Product: ResourceModel {
    public static let element = "product"
    public static let resource = "products"

    public var id: Int?
    public var manufacturerID: Int?
    public var supplierID: Int?
    public var categoryDefaultID: Int?
    /// `new`: the shop sends it empty in 1.6 (the flag is computed from `date_add` there).
    public var isNew: Bool?
    /// `id_default_image`: the cover image.
    public var defaultImageID: Int?
    public var defaultCombinationID: Int?
    public var taxRulesGroupID: Int?
    /// `position_in_category`: read-only, never sent in a write.
    public var positionInCategory: Int?
    /// `manufacturer_name`: read-only, never sent in a write.
    public var manufacturerName: String?
    /// `quantity`: read-only, never sent in a write.
    public var quantity: Int?
    public var type: String?
    public var shopDefaultID: Int?
    public var reference: String?
    public var supplierReference: String?
    public var ean13: String?
    public var upc: String?
    public var width: ShopDecimal?
    public var height: ShopDecimal?
    public var depth: ShopDecimal?
    public var weight: ShopDecimal?
    public var onSale: Bool?
    public var onlineOnly: Bool?
    public var ecotax: ShopDecimal?
    public var minimalQuantity: Int?
    /// `price`: the base price, tax excluded.
    public var price: ShopDecimal?
    public var wholesalePrice: ShopDecimal?
    public var unity: String?
    public var unitPriceRatio: ShopDecimal?
    public var additionalShippingCost: ShopDecimal?
    public var active: Bool?
    public var availableForOrder: Bool?
    public var availableDate: ShopDate?
    /// `condition`: `new`, `used` or `refurbished`.
    public var condition: String?
    public var showPrice: Bool?
    public var visibility: String?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    public var metaDescription: LocalizedText?
    public var metaKeywords: LocalizedText?
    public var metaTitle: LocalizedText?
    public var linkRewrite: LocalizedText?
    public var name: LocalizedText?
    public var description: LocalizedText?
    public var descriptionShort: LocalizedText?
    public var availableNow: LocalizedText?
    public var availableLater: LocalizedText?
    /// The categories the product is in.
    public var categoryIDs: [Int]?
    /// Its images (`/api/images/products/{id}/{image}`).
    public var imageIDs: [Int]?
    /// Its combinations (variants).
    public var combinationIDs: [Int]?
    /// The option values its combinations use.
    public var optionValueIDs: [Int]?
    /// Its features, each with the chosen value.
    public var features: [ProductFeatureValue]?
    /// Its stock records, one per combination (0: the product itself).
    public var stockAvailables: [StockReference]?
    /// Its tags.
    public var tagIDs: [Int]?
    /// Products shown as its accessories.
    public var accessoryIDs: [Int]?

    public init() {}

    public static let schema = RecordSchema<Product>(
        fields: [
            .field("id", \.id, .int),
            .field("id_manufacturer", \.manufacturerID, .int),
            .field("id_supplier", \.supplierID, .int),
            .field("id_category_default", \.categoryDefaultID, .int),
            .field("new", \.isNew, .bool),
            .field("id_default_image", \.defaultImageID, .int),
            .field("id_default_combination", \.defaultCombinationID, .int),
            .field("id_tax_rules_group", \.taxRulesGroupID, .int),
            .field("position_in_category", \.positionInCategory, .int, .readOnly),
            .field("manufacturer_name", \.manufacturerName, .text, .readOnly),
            .field("quantity", \.quantity, .int, .readOnly),
            .field("type", \.type, .text),
            .field("id_shop_default", \.shopDefaultID, .int),
            .field("reference", \.reference, .text),
            .field("supplier_reference", \.supplierReference, .text),
            .field("ean13", \.ean13, .text),
            .field("upc", \.upc, .text),
            .field("width", \.width, .decimal),
            .field("height", \.height, .decimal),
            .field("depth", \.depth, .decimal),
            .field("weight", \.weight, .decimal),
            .field("on_sale", \.onSale, .bool),
            .field("online_only", \.onlineOnly, .bool),
            .field("ecotax", \.ecotax, .decimal),
            .field("minimal_quantity", \.minimalQuantity, .int),
            .field("price", \.price, .decimal),
            .field("wholesale_price", \.wholesalePrice, .decimal),
            .field("unity", \.unity, .text),
            .field("unit_price_ratio", \.unitPriceRatio, .decimal),
            .field("additional_shipping_cost", \.additionalShippingCost, .decimal),
            .field("active", \.active, .bool),
            .field("available_for_order", \.availableForOrder, .bool),
            .field("available_date", \.availableDate, .date),
            .field("condition", \.condition, .text),
            .field("show_price", \.showPrice, .bool),
            .field("visibility", \.visibility, .text),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
            .field("meta_description", \.metaDescription, .localized),
            .field("meta_keywords", \.metaKeywords, .localized),
            .field("meta_title", \.metaTitle, .localized),
            .field("link_rewrite", \.linkRewrite, .localized),
            .field("name", \.name, .localized),
            .field("description", \.description, .localized),
            .field("description_short", \.descriptionShort, .localized),
            .field("available_now", \.availableNow, .localized),
            .field("available_later", \.availableLater, .localized),
        ],
        associations: [
            .ids("categories", item: "category", \.categoryIDs),
            .ids("images", item: "image", \.imageIDs),
            .ids("combinations", item: "combination", \.combinationIDs),
            .ids("product_option_values", item: "product_option_value", \.optionValueIDs),
            .rows("product_features", \.features),
            .rows("stock_availables", \.stockAvailables),
            .ids("tags", item: "tag", \.tagIDs),
            .ids("accessories", item: "product", \.accessoryIDs),
        ]
    )
}

/// A product's feature with its value (association `product_features`).
public struct ProductFeatureValue: RecordModel {
    public static let element = "product_feature"

    public var id: Int?
    public var featureValueID: Int?

    public init() {}

    public static let schema = RecordSchema<ProductFeatureValue>(
        fields: [
            .field("id", \.id, .int),
            .field("id_feature_value", \.featureValueID, .int),
        ]
    )
}

/// A product's stock record as its association lists it: the `stock_availables` id and the
/// combination it counts (0 for the product itself).
public struct StockReference: RecordModel {
    public static let element = "stock_available"

    public var id: Int?
    public var productAttributeID: Int?

    public init() {}

    public static let schema = RecordSchema<StockReference>(
        fields: [
            .field("id", \.id, .int),
            .field("id_product_attribute", \.productAttributeID, .int),
        ]
    )
}
