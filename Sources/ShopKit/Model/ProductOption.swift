/// A product option (an attribute group: Size, Color) and its values.
public struct ProductOption: ResourceModel {
    public static let element = "product_option"
    public static let resource = "product_options"

    public var id: Int?
    public var isColorGroup: Bool?
    public var groupType: String?
    public var position: Int?
    public var name: LocalizedText?
    public var publicName: LocalizedText?
    /// Its values.
    public var valueIDs: [Int]?

    public init() {}

    public static let schema = RecordSchema<ProductOption>(
        fields: [
            .field("id", \.id, .int),
            .field("is_color_group", \.isColorGroup, .bool),
            .field("group_type", \.groupType, .text),
            .field("position", \.position, .int),
            .field("name", \.name, .localized),
            .field("public_name", \.publicName, .localized),
        ],
        associations: [
            .ids("product_option_values", item: "product_option_value", \.valueIDs),
        ]
    )
}

/// One value of a product option (S, M, Orange).
public struct ProductOptionValue: ResourceModel {
    public static let element = "product_option_value"
    public static let resource = "product_option_values"

    public var id: Int?
    /// `id_attribute_group`: the `ProductOption` it belongs to.
    public var attributeGroupID: Int?
    public var color: String?
    public var position: Int?
    public var name: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<ProductOptionValue>(
        fields: [
            .field("id", \.id, .int),
            .field("id_attribute_group", \.attributeGroupID, .int),
            .field("color", \.color, .text),
            .field("position", \.position, .int),
            .field("name", \.name, .localized),
        ]
    )
}
