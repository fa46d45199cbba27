/// A tax rule group ("UK Standard Rate (20%)"), which products and carriers point at.
public struct TaxRuleGroup: ResourceModel {
    public static let element = "tax_rule_group"
    public static let resource = "tax_rule_groups"

    public var id: Int?
    public var name: String?
    public var active: Bool?
    public var deleted: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<TaxRuleGroup>(
        fields: [
            .field("id", \.id, .int),
            .field("name", \.name, .text),
            .field("active", \.active, .bool),
            .field("deleted", \.deleted, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
        ]
    )
}

/// A tax and its rate in percent (`20.000`).
public struct Tax: ResourceModel {
    public static let element = "tax"
    public static let resource = "taxes"

    public var id: Int?
    public var rate: ShopDecimal?
    public var active: Bool?
    public var deleted: Bool?
    public var name: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<Tax>(
        fields: [
            .field("id", \.id, .int),
            .field("rate", \.rate, .decimal),
            .field("active", \.active, .bool),
            .field("deleted", \.deleted, .bool),
            .field("name", \.name, .localized),
        ]
    )
}

/// One rule of a tax rule group: which tax applies in which country, state and postcode range.
/// No recorded shop traffic holds one: the fields follow the 8.x documentation's blank schema.
public struct TaxRule: ResourceModel {
    public static let element = "tax_rule"
    public static let resource = "tax_rules"

    public var id: Int?
    public var taxRulesGroupID: Int?
    public var stateID: Int?
    public var countryID: Int?
    public var zipcodeFrom: String?
    public var zipcodeTo: String?
    public var taxID: Int?
    public var behavior: Int?
    public var description: String?

    public init() {}

    public static let schema = RecordSchema<TaxRule>(
        fields: [
            .field("id", \.id, .int),
            .field("id_tax_rules_group", \.taxRulesGroupID, .int),
            .field("id_state", \.stateID, .int),
            .field("id_country", \.countryID, .int),
            .field("zipcode_from", \.zipcodeFrom, .text),
            .field("zipcode_to", \.zipcodeTo, .text),
            .field("id_tax", \.taxID, .int),
            .field("behavior", \.behavior, .int),
            .field("description", \.description, .text),
        ]
    )
}
