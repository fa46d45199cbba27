/// A carrier (delivery method) with its delay text per language.
public struct Carrier: ResourceModel {
    public static let element = "carrier"
    public static let resource = "carriers"

    public var id: Int?
    public var deleted: Bool?
    public var isModule: Bool?
    public var taxRulesGroupID: Int?
    public var referenceID: Int?
    public var name: String?
    public var active: Bool?
    public var isFree: Bool?
    public var url: String?
    public var shippingHandling: Bool?
    public var shippingExternal: Bool?
    public var rangeBehavior: Bool?
    /// `shipping_method`: 1 by weight, 2 by price (0 default).
    public var shippingMethod: Int?
    public var maxWidth: Int?
    public var maxHeight: Int?
    public var maxDepth: Int?
    public var maxWeight: ShopDecimal?
    public var grade: Int?
    public var externalModuleName: String?
    public var needRange: Bool?
    public var position: Int?
    public var delay: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<Carrier>(
        fields: [
            .field("id", \.id, .int),
            .field("deleted", \.deleted, .bool),
            .field("is_module", \.isModule, .bool),
            .field("id_tax_rules_group", \.taxRulesGroupID, .int),
            .field("id_reference", \.referenceID, .int),
            .field("name", \.name, .text),
            .field("active", \.active, .bool),
            .field("is_free", \.isFree, .bool),
            .field("url", \.url, .text),
            .field("shipping_handling", \.shippingHandling, .bool),
            .field("shipping_external", \.shippingExternal, .bool),
            .field("range_behavior", \.rangeBehavior, .bool),
            .field("shipping_method", \.shippingMethod, .int),
            .field("max_width", \.maxWidth, .int),
            .field("max_height", \.maxHeight, .int),
            .field("max_depth", \.maxDepth, .int),
            .field("max_weight", \.maxWeight, .decimal),
            .field("grade", \.grade, .int),
            .field("external_module_name", \.externalModuleName, .text),
            .field("need_range", \.needRange, .bool),
            .field("position", \.position, .int),
            .field("delay", \.delay, .localized),
        ]
    )
}
