/// An order: its addresses, carrier, state, payment and totals, and its rows. Recorded traffic
/// holds only the list of orders and their `order_details`; the fields follow the 8.x
/// documentation's blank schema. The rows have no setter (§9): they come from the cart when the
/// order is created, so they are never written.
public struct Order: ResourceModel {
    public static let element = "order"
    public static let resource = "orders"

    public var id: Int?
    public var addressDeliveryID: Int?
    public var addressInvoiceID: Int?
    public var cartID: Int?
    public var currencyID: Int?
    public var languageID: Int?
    public var customerID: Int?
    public var carrierID: Int?
    /// `current_state`: the `OrderState` id.
    public var currentState: Int?
    /// `module`: the payment module (`ps_wirepayment`, `bankwire` in 1.6).
    public var module: String?
    public var invoiceNumber: Int?
    public var invoiceDate: ShopDateTime?
    public var deliveryNumber: Int?
    public var deliveryDate: ShopDateTime?
    public var valid: Bool?
    public var dateAdd: ShopDateTime?
    public var dateUpd: ShopDateTime?
    public var shippingNumber: String?
    public var note: String?
    public var shopGroupID: Int?
    public var shopID: Int?
    public var secureKey: String?
    public var payment: String?
    public var recyclable: Bool?
    public var gift: Bool?
    public var giftMessage: String?
    public var mobileTheme: Bool?
    public var totalDiscounts: ShopDecimal?
    public var totalDiscountsTaxIncl: ShopDecimal?
    public var totalDiscountsTaxExcl: ShopDecimal?
    public var totalPaid: ShopDecimal?
    public var totalPaidTaxIncl: ShopDecimal?
    public var totalPaidTaxExcl: ShopDecimal?
    public var totalPaidReal: ShopDecimal?
    public var totalProducts: ShopDecimal?
    /// `total_products_wt`: products with tax.
    public var totalProductsWt: ShopDecimal?
    public var totalShipping: ShopDecimal?
    public var totalShippingTaxIncl: ShopDecimal?
    public var totalShippingTaxExcl: ShopDecimal?
    public var carrierTaxRate: ShopDecimal?
    public var totalWrapping: ShopDecimal?
    public var totalWrappingTaxIncl: ShopDecimal?
    public var totalWrappingTaxExcl: ShopDecimal?
    public var roundMode: Int?
    public var roundType: Int?
    public var conversionRate: ShopDecimal?
    public var reference: String?
    /// Its rows (virtual entity `order_rows`, read-only).
    public var rows: [OrderRow]?

    public init() {}

    public static let schema = RecordSchema<Order>(
        fields: [
            .field("id", \.id, .int),
            .field("id_address_delivery", \.addressDeliveryID, .int),
            .field("id_address_invoice", \.addressInvoiceID, .int),
            .field("id_cart", \.cartID, .int),
            .field("id_currency", \.currencyID, .int),
            .field("id_lang", \.languageID, .int),
            .field("id_customer", \.customerID, .int),
            .field("id_carrier", \.carrierID, .int),
            .field("current_state", \.currentState, .int),
            .field("module", \.module, .text),
            .field("invoice_number", \.invoiceNumber, .int),
            .field("invoice_date", \.invoiceDate, .dateTime),
            .field("delivery_number", \.deliveryNumber, .int),
            .field("delivery_date", \.deliveryDate, .dateTime),
            .field("valid", \.valid, .bool),
            .field("date_add", \.dateAdd, .dateTime),
            .field("date_upd", \.dateUpd, .dateTime),
            .field("shipping_number", \.shippingNumber, .text),
            .field("note", \.note, .text),
            .field("id_shop_group", \.shopGroupID, .int),
            .field("id_shop", \.shopID, .int),
            .field("secure_key", \.secureKey, .text),
            .field("payment", \.payment, .text),
            .field("recyclable", \.recyclable, .bool),
            .field("gift", \.gift, .bool),
            .field("gift_message", \.giftMessage, .text),
            .field("mobile_theme", \.mobileTheme, .bool),
            .field("total_discounts", \.totalDiscounts, .decimal),
            .field("total_discounts_tax_incl", \.totalDiscountsTaxIncl, .decimal),
            .field("total_discounts_tax_excl", \.totalDiscountsTaxExcl, .decimal),
            .field("total_paid", \.totalPaid, .decimal),
            .field("total_paid_tax_incl", \.totalPaidTaxIncl, .decimal),
            .field("total_paid_tax_excl", \.totalPaidTaxExcl, .decimal),
            .field("total_paid_real", \.totalPaidReal, .decimal),
            .field("total_products", \.totalProducts, .decimal),
            .field("total_products_wt", \.totalProductsWt, .decimal),
            .field("total_shipping", \.totalShipping, .decimal),
            .field("total_shipping_tax_incl", \.totalShippingTaxIncl, .decimal),
            .field("total_shipping_tax_excl", \.totalShippingTaxExcl, .decimal),
            .field("carrier_tax_rate", \.carrierTaxRate, .decimal),
            .field("total_wrapping", \.totalWrapping, .decimal),
            .field("total_wrapping_tax_incl", \.totalWrappingTaxIncl, .decimal),
            .field("total_wrapping_tax_excl", \.totalWrappingTaxExcl, .decimal),
            .field("round_mode", \.roundMode, .int),
            .field("round_type", \.roundType, .int),
            .field("conversion_rate", \.conversionRate, .decimal),
            .field("reference", \.reference, .text),
        ],
        associations: [
            .rows("order_rows", \.rows, writable: false),
        ]
    )
}

/// One row of an order as the order lists it (`order_details` has the full line).
public struct OrderRow: RecordModel {
    public static let element = "order_row"

    public var id: Int?
    public var productID: Int?
    public var productAttributeID: Int?
    public var productQuantity: Int?
    public var productName: String?
    public var productReference: String?
    public var productEAN13: String?
    public var productISBN: String?
    public var productUPC: String?
    public var productPrice: ShopDecimal?
    public var customizationID: Int?
    public var unitPriceTaxIncl: ShopDecimal?
    public var unitPriceTaxExcl: ShopDecimal?

    public init() {}

    public static let schema = RecordSchema<OrderRow>(
        fields: [
            .field("id", \.id, .int),
            .field("product_id", \.productID, .int),
            .field("product_attribute_id", \.productAttributeID, .int),
            .field("product_quantity", \.productQuantity, .int),
            .field("product_name", \.productName, .text),
            .field("product_reference", \.productReference, .text),
            .field("product_ean13", \.productEAN13, .text),
            .field("product_isbn", \.productISBN, .text),
            .field("product_upc", \.productUPC, .text),
            .field("product_price", \.productPrice, .decimal),
            .field("id_customization", \.customizationID, .int),
            .field("unit_price_tax_incl", \.unitPriceTaxIncl, .decimal),
            .field("unit_price_tax_excl", \.unitPriceTaxExcl, .decimal),
        ]
    )
}
