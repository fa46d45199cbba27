/// Delivery and ordering: the carriers with their shipping prices for a zone, and placing an
/// order paid by cash on delivery or bank wire.
///
/// Placing an order is a POST of `orders`, which the shop turns into the payment module's
/// `validateOrder()` for the cart (API-NOTES §9): the cart with its rows, the customer, the
/// addresses, the carrier and the module must exist; the order's lines come from the cart.
public struct ShopCheckout: Sendable {
    let connection: ShopConnection
    /// Changes to one voucher's remaining quantity, one after another.
    let voucherWrites: CartWriteQueue

    /// What an order changes: after one is placed, cached carts, orders and stock (and
    /// products, whose `quantity` reads the stock) are stale.
    public static let resourcesChangedByAnOrder: Set<String> = [
        "carts", "orders", "order_details", "order_histories", "stock_availables", "products", "combinations",
    ]

    /// Active, not deleted carriers, read in full in one request.
    public func carriers() async throws(ShopError) -> [Carrier] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("carriers").display(.full).filter("deleted", .plain("0")).filter("active", .plain("1"))
        }
        return try await connection.all(Carrier.self, request)
    }

    /// The ids of the carriers not deleted (the list the OCA connector reads).
    public func carrierIDs() async throws(ShopError) -> [Int] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("carriers").filter("deleted", .plain("0"))
        }
        return try await connection.ids(request, element: "carrier")
    }

    public func carrier(id: Int) async throws(ShopError) -> Carrier {
        try await connection.get(Carrier.self, id: id)
    }

    /// The carrier's shipping prices to a zone (`deliveries`: one per price or weight range).
    /// Which range applies depends on the cart's total or weight and the carrier's
    /// `shipping_method`, which the app knows.
    public func shippingPrices(carrierID: Int, zoneID: Int) async throws(ShopError) -> [ShippingPrice] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("deliveries").display(.full)
                .filter("id_carrier", .equals(String(carrierID))).filter("id_zone", .equals(String(zoneID)))
        }
        let document = try await connection.document(request)
        if document.contents.contains(where: { if case .emptyList = $0 { true } else { false } }) { return [] }
        let records: [WebserviceRecord]
        do throws(DocumentError) { records = try document.records("delivery") } catch { throw .model(.document(error)) }
        var prices: [ShippingPrice] = []
        for record in records {
            guard let text = record.field("price")?.text, let price = ShopDecimal(text) else {
                throw .missing(what: "price of delivery \(record.id ?? 0)", request: "GET deliveries (carrier \(carrierID), zone \(zoneID))")
            }
            prices.append(ShippingPrice(
                carrierID: carrierID, zoneID: zoneID, priceRangeID: record.field("id_range_price")?.text.flatMap { Int($0) },
                weightRangeID: record.field("id_range_weight")?.text.flatMap { Int($0) }, price: price))
        }
        return prices
    }

    /// Places the order for the cart (POST `orders`), then forgets cached carts, orders and
    /// stock. The module is chosen by the shop's version (`bankwire`/`cashondelivery` in 1.6,
    /// `ps_wirepayment`/`ps_cashondelivery` from 1.7).
    public func placeOrder(_ placement: OrderPlacement) async throws(ShopError) -> Order {
        guard placement.totalPaid >= ShopDecimal(0), placement.totalProducts >= ShopDecimal(0) else {
            throw .invalidArgument("order totals cannot be negative")
        }
        let version = await connection.writeVersion()
        var order = Order()
        order.cartID = placement.cartID
        order.customerID = placement.customerID
        order.addressDeliveryID = placement.deliveryAddressID
        order.addressInvoiceID = placement.invoiceAddressID ?? placement.deliveryAddressID
        order.carrierID = placement.carrierID
        order.currencyID = placement.currencyID
        order.languageID = placement.languageID
        order.module = placement.payment.module(for: version)
        order.payment = placement.payment.label
        order.totalPaid = placement.totalPaid
        order.totalPaidReal = placement.totalPaid
        order.totalProducts = placement.totalProducts
        order.totalProductsWt = placement.totalProductsWithTax
        order.conversionRate = placement.conversionRate
        do {
            let placed = try await connection.create(order)
            await connection.sender.invalidate(resources: Self.resourcesChangedByAnOrder)
            return placed
        } catch {
            // A failed POST may still have validated the cart on the shop's side.
            await connection.sender.invalidate(resources: Self.resourcesChangedByAnOrder)
            throw error
        }
    }
}

/// A carrier's price to a zone for one range.
public struct ShippingPrice: Sendable, Hashable {
    public var carrierID: Int
    public var zoneID: Int
    public var priceRangeID: Int?
    public var weightRangeID: Int?
    public var price: ShopDecimal
}

/// How the customer pays: the two offline methods the thesis's app offered.
public enum PaymentMethod: Sendable, Hashable {
    case cashOnDelivery
    case bankWire

    /// The payment module's name on a shop of `version` (the modules were renamed in 1.7).
    public func module(for version: PrestaShopVersion) -> String {
        let modern = version >= PrestaShopVersion("1.7.0.0")!
        switch self {
        case .cashOnDelivery: return modern ? "ps_cashondelivery" : "cashondelivery"
        case .bankWire: return modern ? "ps_wirepayment" : "bankwire"
        }
    }

    /// The `payment` text the modules write.
    public var label: String {
        switch self {
        case .cashOnDelivery: "Cash on delivery (COD)"
        case .bankWire: "Bank wire"
        }
    }
}

/// Everything POST `orders` needs (API-NOTES §9). The totals are the cart's as the app showed
/// them; the shop recomputes its own in `validateOrder()`.
public struct OrderPlacement: Sendable, Hashable {
    public var cartID: Int
    public var customerID: Int
    public var deliveryAddressID: Int
    public var invoiceAddressID: Int?
    public var carrierID: Int
    public var currencyID: Int
    public var languageID: Int
    public var payment: PaymentMethod
    public var totalPaid: ShopDecimal
    public var totalProducts: ShopDecimal
    public var totalProductsWithTax: ShopDecimal
    public var conversionRate: ShopDecimal

    public init(
        cartID: Int, customerID: Int, deliveryAddressID: Int, invoiceAddressID: Int? = nil, carrierID: Int, currencyID: Int,
        languageID: Int, payment: PaymentMethod, totalPaid: ShopDecimal, totalProducts: ShopDecimal,
        totalProductsWithTax: ShopDecimal, conversionRate: ShopDecimal = ShopDecimal(1)
    ) {
        self.cartID = cartID
        self.customerID = customerID
        self.deliveryAddressID = deliveryAddressID
        self.invoiceAddressID = invoiceAddressID
        self.carrierID = carrierID
        self.currencyID = currencyID
        self.languageID = languageID
        self.payment = payment
        self.totalPaid = totalPaid
        self.totalProducts = totalProducts
        self.totalProductsWithTax = totalProductsWithTax
        self.conversionRate = conversionRate
    }
}

extension ShopCheckout {
    /// The order the shop made of this cart, if any (`orders?filter[id_cart]=[N]`): what a POST
    /// that timed out or failed may still have created.
    public func order(forCart cartID: Int) async throws(ShopError) -> Order? {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("orders").display(.full).filter("id_cart", .equals(String(cartID)))
        }
        return try await connection.all(Order.self, request).first
    }
}
