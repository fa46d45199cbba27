/// A postal address of a customer (or of a brand or supplier).
public struct Address: ResourceModel {
    public static let element = "address"
    public static let resource = "addresses"

    public var id: Int?
    public var customerID: Int?
    public var manufacturerID: Int?
    public var supplierID: Int?
    public var warehouseID: Int?
    public var countryID: Int?
    public var stateID: Int?
    public var alias: String?
    public var company: String?
    public var lastname: String?
    public var firstname: String?
    public var vatNumber: String?
    public var address1: String?
    public var address2: String?
    public var postcode: String?
    public var city: String?
    public var other: String?
    public var phone: String?
    public var phoneMobile: String?
    public var dni: String?
    public var deleted: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<Address>(
        fields: [
            .field("id", \.id, .int),
            .field("id_customer", \.customerID, .int),
            .field("id_manufacturer", \.manufacturerID, .int),
            .field("id_supplier", \.supplierID, .int),
            .field("id_warehouse", \.warehouseID, .int),
            .field("id_country", \.countryID, .int),
            .field("id_state", \.stateID, .int),
            .field("alias", \.alias, .text),
            .field("company", \.company, .text),
            .field("lastname", \.lastname, .text),
            .field("firstname", \.firstname, .text),
            .field("vat_number", \.vatNumber, .text),
            .field("address1", \.address1, .text),
            .field("address2", \.address2, .text),
            .field("postcode", \.postcode, .text),
            .field("city", \.city, .text),
            .field("other", \.other, .text),
            .field("phone", \.phone, .text),
            .field("phone_mobile", \.phoneMobile, .text),
            .field("dni", \.dni, .text),
            .field("deleted", \.deleted, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
        ]
    )
}
