/// Carts and their rows. A cart is changed by a PUT of the whole cart: the rows are read
/// from the shop first, so a change never drops rows another device added meanwhile.
public struct ShopCarts: Sendable {
    let connection: ShopConnection

    /// Creates an empty cart for the customer (guest carts need a guest id instead).
    public func create(customerID: Int, currencyID: Int, languageID: Int, addressID: Int? = nil) async throws(ShopError) -> Cart {
        var cart = Cart()
        cart.customerID = customerID
        cart.currencyID = currencyID
        cart.languageID = languageID
        cart.addressDeliveryID = addressID
        cart.addressInvoiceID = addressID
        // An empty `cart_rows` makes the association part of the record from the start.
        cart.rows = []
        return try await connection.create(cart)
    }

    public func cart(id: Int) async throws(ShopError) -> Cart {
        try await connection.get(Cart.self, id: id)
    }

    /// Adds `quantity` of the product (or combination) to the cart: a new row, or more of an
    /// existing one.
    public func add(productID: Int, combinationID: Int = 0, quantity: Int = 1, toCart cartID: Int) async throws(ShopError) -> Cart {
        guard quantity > 0 else { throw .invalidArgument("adding needs a quantity above 0 (got \(quantity)); use setQuantity to lower one") }
        let cart = try await cart(id: cartID)
        let current = cart.rows?.first { $0.productID == productID && ($0.productAttributeID ?? 0) == combinationID }?.quantity ?? 0
        return try await put(cart, productID: productID, combinationID: combinationID, quantity: current + quantity)
    }

    /// Sets the row's quantity; 0 removes the row.
    public func setQuantity(_ quantity: Int, productID: Int, combinationID: Int = 0, inCart cartID: Int) async throws(ShopError) -> Cart {
        guard quantity >= 0 else { throw .invalidArgument("a quantity cannot be negative (got \(quantity))") }
        return try await put(try await cart(id: cartID), productID: productID, combinationID: combinationID, quantity: quantity)
    }

    public func remove(productID: Int, combinationID: Int = 0, fromCart cartID: Int) async throws(ShopError) -> Cart {
        try await setQuantity(0, productID: productID, combinationID: combinationID, inCart: cartID)
    }

    private func put(_ cart: Cart, productID: Int, combinationID: Int, quantity: Int) async throws(ShopError) -> Cart {
        var changed = cart
        var rows = cart.rows ?? []
        let matches: (CartRow) -> Bool = { $0.productID == productID && ($0.productAttributeID ?? 0) == combinationID }
        if let index = rows.firstIndex(where: matches) {
            if quantity == 0 { rows.remove(at: index) } else { rows[index].quantity = quantity }
        } else if quantity > 0 {
            var row = CartRow()
            row.productID = productID
            row.productAttributeID = combinationID
            row.addressDeliveryID = cart.addressDeliveryID ?? 0
            row.quantity = quantity
            rows.append(row)
        }
        changed.rows = rows
        return try await connection.update(changed)
    }
}
