/// What PrestaShop 8.1 needs on a cart before its order (ps-8.1.2-live SOURCES.md): the
/// addresses and, in `delivery_option`, the carrier — the only place the order's carrier
/// comes from; and vouchers, which the webservice cannot put on a cart.
extension ShopCarts {
    /// Sets the cart's customer, delivery and invoice addresses and carrier
    /// (`delivery_option` `{"<address>":"<carrier>,"}` and `id_carrier`), keeping its rows.
    public func setDelivery(cartID: Int, customerID: Int, addressID: Int, invoiceAddressID: Int? = nil, carrierID: Int) async throws(ShopError) -> Cart {
        guard addressID > 0, carrierID > 0 else { throw .invalidArgument("a delivery needs an address and a carrier") }
        let connection = connection
        return try await writes.serialise(cart: cartID) { () throws(ShopError) -> Cart in
            var cart = try await connection.get(Cart.self, id: cartID)
            cart.customerID = customerID
            cart.addressDeliveryID = addressID
            cart.addressInvoiceID = invoiceAddressID ?? addressID
            cart.carrierID = carrierID
            cart.deliveryOption = Self.deliveryOption(addressID: addressID, carrierID: carrierID)
            cart.rows = cart.rows?.map { row in
                var changed = row
                changed.addressDeliveryID = addressID
                return changed
            }
            _ = try await connection.update(cart)
            return try await connection.get(Cart.self, id: cartID)
        }
    }

    /// `{"8":"2,"}`: carrier 2 for address 8, as the shop's checkout writes it.
    public static func deliveryOption(addressID: Int, carrierID: Int) -> String {
        "{\"\(addressID)\":\"\(carrierID),\"}"
    }
}

extension ShopCheckout {
    /// The active voucher with this code, or nil (`cart_rules?filter[code]=[CODE]`).
    public func cartRule(code: String) async throws(ShopError) -> CartRule? {
        let text = code.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 254 else { throw .invalidArgument("a voucher code has 1 to 254 characters") }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("cart_rules").display(.full).filter("code", .equals(text))
        }
        return try await connection.all(CartRule.self, request).first { $0.code == text && $0.active != false }
    }
}
