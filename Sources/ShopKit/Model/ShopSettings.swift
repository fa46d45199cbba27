/// A language of the shop; i18n fields are keyed by its id.
public struct Language: ResourceModel {
    public static let element = "language"
    public static let resource = "languages"

    public var id: Int?
    public var name: String?
    public var isoCode: String?
    public var locale: String?
    public var languageCode: String?
    public var active: Bool?
    public var isRtl: Bool?
    public var dateFormatLite: String?
    public var dateFormatFull: String?

    public init() {}

    public static let schema = RecordSchema<Language>(
        fields: [
            .field("id", \.id, .int),
            .field("name", \.name, .text),
            .field("iso_code", \.isoCode, .text),
            .field("locale", \.locale, .text),
            .field("language_code", \.languageCode, .text),
            .field("active", \.active, .bool),
            .field("is_rtl", \.isRtl, .bool),
            .field("date_format_lite", \.dateFormatLite, .text),
            .field("date_format_full", \.dateFormatFull, .text),
        ]
    )
}

/// A currency. Its name is plain text in 1.6 and multilingual from 1.7.6, so it is read as a
/// `LocalizedText` either way.
public struct Currency: ResourceModel {
    public static let element = "currency"
    public static let resource = "currencies"

    public var id: Int?
    public var name: LocalizedText?
    public var isoCode: String?
    public var isoCodeNum: String?
    public var blank: Bool?
    public var sign: String?
    public var format: Int?
    public var decimals: Bool?
    public var conversionRate: ShopDecimal?
    public var deleted: Bool?
    public var active: Bool?
    /// `precision` (8.x): the decimals amounts are computed and rounded to; absent before 1.7.6.
    public var precision: Int?
    /// `symbol` (8.x, per language: "$"); 1.6 has `sign`.
    public var symbol: LocalizedText?
    /// `pattern` (8.x, per language): the shop's own CLDR currency pattern ("#,##0.00 ¤");
    /// empty for the language's default.
    public var pattern: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<Currency>(
        fields: [
            .field("id", \.id, .int),
            .field("name", \.name, .localized),
            .field("iso_code", \.isoCode, .text),
            .field("iso_code_num", \.isoCodeNum, .text),
            .field("blank", \.blank, .bool),
            .field("sign", \.sign, .text),
            .field("format", \.format, .int),
            .field("decimals", \.decimals, .bool),
            .field("conversion_rate", \.conversionRate, .decimal),
            .field("deleted", \.deleted, .bool),
            .field("active", \.active, .bool),
            .field("precision", \.precision, .int),
            .field("symbol", \.symbol, .localized),
            .field("pattern", \.pattern, .localized),
        ]
    )
}

/// One configuration value (`PS_SHOP_NAME`). There is no upsert: POST creates, PUT changes (§11).
public struct Configuration: ResourceModel {
    public static let element = "configuration"
    public static let resource = "configurations"

    public var id: Int?
    public var value: String?
    public var name: String?
    public var shopGroupID: Int?
    public var shopID: Int?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<Configuration>(
        fields: [
            .field("id", \.id, .int),
            .field("value", \.value, .text),
            .field("name", \.name, .text),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("id_shop", \.shopID, .int),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
        ]
    )
}

/// A shop of a multi-shop installation (`id_shop` selects it in requests).
public struct Shop: ResourceModel {
    public static let element = "shop"
    public static let resource = "shops"

    public var id: Int?
    public var shopGroupID: Int?
    public var categoryID: Int?
    public var themeID: Int?
    public var active: Bool?
    public var deleted: Bool?
    public var name: String?

    public init() {}

    public static let schema = RecordSchema<Shop>(
        fields: [
            .field("id", \.id, .int),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("id_category", \.categoryID, .int),
            .field("id_theme", \.themeID, .int),
            .field("active", \.active, .bool),
            .field("deleted", \.deleted, .bool),
            .field("name", \.name, .text),
        ]
    )
}
