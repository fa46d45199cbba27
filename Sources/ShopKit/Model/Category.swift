/// A catalogue category. Categories form a tree: `id_parent` points up, `level_depth` counts
/// from the root (0) and the `categories` association lists the children (see `CategoryTree`).
/// `level_depth` and `nb_products_recursive` are computed by the shop and never sent (§3).
public struct Category: ResourceModel {
    public static let element = "category"
    public static let resource = "categories"

    public var id: Int?
    public var parentID: Int?
    /// `level_depth`: read-only, never sent in a write.
    public var levelDepth: Int?
    /// `nb_products_recursive`: read-only, never sent in a write.
    public var productCountRecursive: Int?
    public var active: Bool?
    public var shopDefaultID: Int?
    public var isRootCategory: Bool?
    public var position: Int?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    public var name: LocalizedText?
    public var linkRewrite: LocalizedText?
    public var description: LocalizedText?
    public var metaTitle: LocalizedText?
    public var metaDescription: LocalizedText?
    public var metaKeywords: LocalizedText?
    /// The sub-categories (association `categories`).
    public var childIDs: [Int]?
    /// The products in the category (association `products`).
    public var productIDs: [Int]?

    public init() {}

    public static let schema = RecordSchema<Category>(
        fields: [
            .field("id", \.id, .int),
            .field("id_parent", \.parentID, .int),
            .field("level_depth", \.levelDepth, .int, .readOnly),
            .field("nb_products_recursive", \.productCountRecursive, .int, .readOnly),
            .field("active", \.active, .bool),
            .field("id_shop_default", \.shopDefaultID, .int),
            .field("is_root_category", \.isRootCategory, .bool),
            .field("position", \.position, .int),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
            .field("name", \.name, .localized),
            .field("link_rewrite", \.linkRewrite, .localized),
            .field("description", \.description, .localized),
            .field("meta_title", \.metaTitle, .localized),
            .field("meta_description", \.metaDescription, .localized),
            .field("meta_keywords", \.metaKeywords, .localized),
        ],
        associations: [
            .ids("categories", item: "category", \.childIDs),
            .ids("products", item: "product", \.productIDs),
        ]
    )
}
