/// A cart and its rows. No recorded shop traffic holds one: the fields follow the 8.x
/// documentation's blank schema. `id_customization` in rows exists from 1.7 on.
public struct Cart: ResourceModel {
    public static let element = "cart"
    public static let resource = "carts"

    public var id: Int?
    public var addressDeliveryID: Int?
    public var addressInvoiceID: Int?
    public var currencyID: Int?
    public var customerID: Int?
    public var guestID: Int?
    public var languageID: Int?
    public var shopGroupID: Int?
    public var shopID: Int?
    public var carrierID: Int?
    public var recyclable: Bool?
    public var gift: Bool?
    public var giftMessage: String?
    public var mobileTheme: Bool?
    public var deliveryOption: String?
    public var secureKey: String?
    public var allowSeperatedPackage: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    /// Its rows (virtual entity `cart_rows`).
    public var rows: [CartRow]?

    public init() {}

    public static let schema = RecordSchema<Cart>(
        fields: [
            .field("id", \.id, .int),
            .field("id_address_delivery", \.addressDeliveryID, .int),
            .field("id_address_invoice", \.addressInvoiceID, .int),
            .field("id_currency", \.currencyID, .int),
            .field("id_customer", \.customerID, .int),
            .field("id_guest", \.guestID, .int),
            .field("id_lang", \.languageID, .int),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("id_shop", \.shopID, .int),
            .field("id_carrier", \.carrierID, .int),
            .field("recyclable", \.recyclable, .bool),
            .field("gift", \.gift, .bool),
            .field("gift_message", \.giftMessage, .text),
            .field("mobile_theme", \.mobileTheme, .bool),
            .field("delivery_option", \.deliveryOption, .text),
            .field("secure_key", \.secureKey, .text),
            .field("allow_seperated_package", \.allowSeperatedPackage, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
        ],
        associations: [
            .rows("cart_rows", \.rows),
        ]
    )
}

/// One row of a cart: a product (and combination) and its quantity.
public struct CartRow: RecordModel {
    public static let element = "cart_row"

    public var productID: Int?
    public var productAttributeID: Int?
    public var addressDeliveryID: Int?
    public var customizationID: Int?
    public var quantity: Int?

    public init() {}

    public static let schema = RecordSchema<CartRow>(
        fields: [
            .field("id_product", \.productID, .int),
            .field("id_product_attribute", \.productAttributeID, .int),
            .field("id_address_delivery", \.addressDeliveryID, .int),
            .field("id_customization", \.customizationID, .int),
            .field("quantity", \.quantity, .int),
        ]
    )
}
