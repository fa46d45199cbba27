/// A customer account. `passwd` is the stored hash (32 hex characters of MD5 with the cookie key
/// before 1.7, bcrypt after, API-NOTES §12). `secure_key` and `last_passwd_gen` are read-only
/// from 9.0 on and are sent back unchanged before it (a PUT without them would reset them).
public struct Customer: ResourceModel {
    public static let element = "customer"
    public static let resource = "customers"

    public var id: Int?
    public var defaultGroupID: Int?
    public var languageID: Int?
    public var newsletterDateAdd: ShopDateTime?
    public var ipRegistrationNewsletter: String?
    /// `last_passwd_gen`: read-only from 9.0 (`PrestaShopVersion.customerSecureKeyIsReadOnly`).
    public var lastPasswdGen: ShopDateTime?
    /// `secure_key`: read-only from 9.0 (`PrestaShopVersion.customerSecureKeyIsReadOnly`).
    public var secureKey: String?
    public var deleted: Bool?
    /// `passwd`: the stored hash. To set a new password, send the plain text: the shop hashes it (§12).
    public var passwordHash: String?
    public var lastname: String?
    public var firstname: String?
    public var email: String?
    public var genderID: Int?
    /// `birthday`: nil when unknown (`0000-00-00`).
    public var birthday: ShopDate?
    public var newsletter: Bool?
    public var optin: Bool?
    public var website: String?
    public var company: String?
    public var siret: String?
    public var ape: String?
    public var outstandingAllowAmount: ShopDecimal?
    public var showPublicPrices: Bool?
    public var riskID: Int?
    public var maxPaymentDays: Int?
    public var active: Bool?
    public var note: String?
    public var isGuest: Bool?
    public var shopID: Int?
    public var shopGroupID: Int?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    /// The customer groups the customer belongs to.
    public var groupIDs: [Int]?

    public init() {}

    public static let schema = RecordSchema<Customer>(
        fields: [
            .field("id", \.id, .int),
            .field("id_default_group", \.defaultGroupID, .int),
            .field("id_lang", \.languageID, .int),
            .field("newsletter_date_add", \.newsletterDateAdd, .dateTime),
            .field("ip_registration_newsletter", \.ipRegistrationNewsletter, .text),
            .field("last_passwd_gen", \.lastPasswdGen, .dateTime, .readOnlyWhen({ $0.customerSecureKeyIsReadOnly })),
            .field("secure_key", \.secureKey, .text, .readOnlyWhen({ $0.customerSecureKeyIsReadOnly })),
            .field("deleted", \.deleted, .bool),
            .field("passwd", \.passwordHash, .text),
            .field("lastname", \.lastname, .text),
            .field("firstname", \.firstname, .text),
            .field("email", \.email, .text),
            .field("id_gender", \.genderID, .int),
            .field("birthday", \.birthday, .date),
            .field("newsletter", \.newsletter, .bool),
            .field("optin", \.optin, .bool),
            .field("website", \.website, .text),
            .field("company", \.company, .text),
            .field("siret", \.siret, .text),
            .field("ape", \.ape, .text),
            .field("outstanding_allow_amount", \.outstandingAllowAmount, .decimal),
            .field("show_public_prices", \.showPublicPrices, .bool),
            .field("id_risk", \.riskID, .int),
            .field("max_payment_days", \.maxPaymentDays, .int),
            .field("active", \.active, .bool),
            .field("note", \.note, .text),
            .field("is_guest", \.isGuest, .bool),
            .field("id_shop", \.shopID, .int),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
        ],
        associations: [
            .ids("groups", item: "group", \.groupIDs),
        ]
    )
}
