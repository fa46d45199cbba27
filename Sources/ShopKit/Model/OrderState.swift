/// An order state ("Awaiting check payment", "Shipped") and what it implies.
public struct OrderState: ResourceModel {
    public static let element = "order_state"
    public static let resource = "order_states"

    public var id: Int?
    public var unremovable: Bool?
    public var delivery: Bool?
    public var hidden: Bool?
    public var sendEmail: Bool?
    public var moduleName: String?
    public var invoice: Bool?
    public var color: String?
    public var logable: Bool?
    public var shipped: Bool?
    public var paid: Bool?
    public var pdfDelivery: Bool?
    public var pdfInvoice: Bool?
    public var deleted: Bool?
    public var name: LocalizedText?
    public var template: LocalizedText?

    public init() {}

    public static let schema = RecordSchema<OrderState>(
        fields: [
            .field("id", \.id, .int),
            .field("unremovable", \.unremovable, .bool),
            .field("delivery", \.delivery, .bool),
            .field("hidden", \.hidden, .bool),
            .field("send_email", \.sendEmail, .bool),
            .field("module_name", \.moduleName, .text),
            .field("invoice", \.invoice, .bool),
            .field("color", \.color, .text),
            .field("logable", \.logable, .bool),
            .field("shipped", \.shipped, .bool),
            .field("paid", \.paid, .bool),
            .field("pdf_delivery", \.pdfDelivery, .bool),
            .field("pdf_invoice", \.pdfInvoice, .bool),
            .field("deleted", \.deleted, .bool),
            .field("name", \.name, .localized),
            .field("template", \.template, .localized),
        ]
    )
}

/// A payment recorded against an order reference. The recorded answer for one order is an
/// empty list; the fields follow the 8.x documentation's blank schema.
public struct OrderPayment: ResourceModel {
    public static let element = "order_payment"
    public static let resource = "order_payments"

    public var id: Int?
    public var orderReference: String?
    public var currencyID: Int?
    public var amount: ShopDecimal?
    public var paymentMethod: String?
    public var conversionRate: ShopDecimal?
    public var transactionId: String?
    public var cardNumber: String?
    public var cardBrand: String?
    public var cardExpiration: String?
    public var cardHolder: String?
    public var dateAdd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<OrderPayment>(
        fields: [
            .field("id", \.id, .int),
            .field("order_reference", \.orderReference, .text),
            .field("id_currency", \.currencyID, .int),
            .field("amount", \.amount, .decimal),
            .field("payment_method", \.paymentMethod, .text),
            .field("conversion_rate", \.conversionRate, .decimal),
            .field("transaction_id", \.transactionId, .text),
            .field("card_number", \.cardNumber, .text),
            .field("card_brand", \.cardBrand, .text),
            .field("card_expiration", \.cardExpiration, .text),
            .field("card_holder", \.cardHolder, .text),
            .field("date_add", \.dateAdd, .dateTime),
        ]
    )
}

/// An order's shipment: carrier, weight, shipping cost and tracking number (the field a PUT
/// sets when a parcel leaves).
public struct OrderCarrier: ResourceModel {
    public static let element = "order_carrier"
    public static let resource = "order_carriers"

    public var id: Int?
    public var orderID: Int?
    public var carrierID: Int?
    public var orderInvoiceID: Int?
    public var weight: ShopDecimal?
    public var shippingCostTaxExcl: ShopDecimal?
    public var shippingCostTaxIncl: ShopDecimal?
    public var trackingNumber: String?
    public var dateAdd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<OrderCarrier>(
        fields: [
            .field("id", \.id, .int),
            .field("id_order", \.orderID, .int),
            .field("id_carrier", \.carrierID, .int),
            .field("id_order_invoice", \.orderInvoiceID, .int),
            .field("weight", \.weight, .decimal),
            .field("shipping_cost_tax_excl", \.shippingCostTaxExcl, .decimal),
            .field("shipping_cost_tax_incl", \.shippingCostTaxIncl, .decimal),
            .field("tracking_number", \.trackingNumber, .text),
            .field("date_add", \.dateAdd, .dateTime),
        ]
    )
}

/// One change of an order's state (`order_histories`): creating one moves the order to the state.
public struct OrderHistory: ResourceModel {
    public static let element = "order_history"
    public static let resource = "order_histories"

    public var id: Int?
    public var employeeID: Int?
    public var orderStateID: Int?
    public var orderID: Int?
    public var dateAdd: ShopDateTime?

    public init() {}

    public static let schema = RecordSchema<OrderHistory>(fields: [
        .field("id", \.id, .int),
        .field("id_employee", \.employeeID, .int),
        .field("id_order_state", \.orderStateID, .int),
        .field("id_order", \.orderID, .int),
        .field("date_add", \.dateAdd, .dateTime),
    ])
}
