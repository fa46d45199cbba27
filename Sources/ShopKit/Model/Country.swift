/// A country, with its zone, postcode format and whether addresses there need a state.
public struct Country: ResourceModel {
    public static let element = "country"
    public static let resource = "countries"

    public var id: Int?
    public var zoneID: Int?
    public var currencyID: Int?
    public var callPrefix: Int?
    public var isoCode: String?
    public var active: Bool?
    public var containsStates: Bool?
    public var needIdentificationNumber: Bool?
    public var needZipCode: Bool?
    public var zipCodeFormat: String?
    public var displayTaxLabel: Bool?
    public var name: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<Country>(
        fields: [
            .field("id", \.id, .int),
            .field("id_zone", \.zoneID, .int),
            .field("id_currency", \.currencyID, .int),
            .field("call_prefix", \.callPrefix, .int),
            .field("iso_code", \.isoCode, .text),
            .field("active", \.active, .bool),
            .field("contains_states", \.containsStates, .bool),
            .field("need_identification_number", \.needIdentificationNumber, .bool),
            .field("need_zip_code", \.needZipCode, .bool),
            .field("zip_code_format", \.zipCodeFormat, .text),
            .field("display_tax_label", \.displayTaxLabel, .bool),
            .field("name", \.name, .localized),
        ]
    )
}

/// A state or region of a country. No recorded shop traffic holds one: the fields follow the 8.x
/// documentation's blank schema (`name` is a plain text there, not multilingual).
public struct State: ResourceModel {
    public static let element = "state"
    public static let resource = "states"

    public var id: Int?
    public var zoneID: Int?
    public var countryID: Int?
    public var isoCode: String?
    public var name: String?
    public var active: Bool?

    public init() {}

    public static let schema = RecordSchema<State>(
        fields: [
            .field("id", \.id, .int),
            .field("id_zone", \.zoneID, .int),
            .field("id_country", \.countryID, .int),
            .field("iso_code", \.isoCode, .text),
            .field("name", \.name, .text),
            .field("active", \.active, .bool),
        ]
    )
}
