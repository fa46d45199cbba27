/// Carts and their rows. A cart is changed by a PUT of the whole cart, so a change never
/// starts from a copy: it reads the cart fresh (carts are never cached, see ``CachingSender``),
/// applies the change, checks just before writing that the cart did not change meanwhile
/// (`date_upd` and rows; else it starts again on the fresh cart, as a second server's change
/// would require), writes it, and reads it back to confirm the row. Changes to one cart made
/// through this facade run one after another (``CartWriteQueue``).
public struct ShopCarts: Sendable {
    let connection: ShopConnection
    let writes: CartWriteQueue

    /// How many times a change is tried when the cart keeps changing under it.
    static let attempts = 4

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
        return try await change(cartID: cartID, productID: productID, combinationID: combinationID) { $0 + quantity }
    }

    /// Sets the row's quantity; 0 removes the row.
    public func setQuantity(_ quantity: Int, productID: Int, combinationID: Int = 0, inCart cartID: Int) async throws(ShopError) -> Cart {
        guard quantity >= 0 else { throw .invalidArgument("a quantity cannot be negative (got \(quantity))") }
        return try await change(cartID: cartID, productID: productID, combinationID: combinationID) { _ in quantity }
    }

    public func remove(productID: Int, combinationID: Int = 0, fromCart cartID: Int) async throws(ShopError) -> Cart {
        try await setQuantity(0, productID: productID, combinationID: combinationID, inCart: cartID)
    }

    private func put(_ cart: Cart, productID: Int, combinationID: Int, quantity: Int) async throws(ShopError) -> Cart {
        guard let cartID = cart.id else { throw .invalidArgument("a cart without an id cannot be changed") }
        return try await change(cartID: cartID, productID: productID, combinationID: combinationID) { _ in quantity }
    }

    /// Reads the cart fresh, sets the row to `newQuantity(current)`, and writes it as described above.
    private func change(cartID: Int, productID: Int, combinationID: Int, newQuantity: @escaping @Sendable (Int) -> Int) async throws(ShopError) -> Cart {
        let connection = connection
        return try await writes.serialise(cart: cartID) { () throws(ShopError) -> Cart in
            for _ in 0..<Self.attempts {
                let read = try await connection.get(Cart.self, id: cartID)
                let current = read.rows?.first { Self.matches($0, productID, combinationID) }?.quantity ?? 0
                let quantity = newQuantity(current)
                let changed = Self.setting(quantity, productID: productID, combinationID: combinationID, in: read)
                let check = try await connection.get(Cart.self, id: cartID)
                guard check.dateUpd == read.dateUpd, Self.sameRows(check, read) else { continue }
                _ = try await connection.update(changed)
                let written = try await connection.get(Cart.self, id: cartID)
                let stored = written.rows?.first { Self.matches($0, productID, combinationID) }?.quantity ?? 0
                if stored == quantity { return written }
            }
            throw .invalidArgument("cart \(cartID) kept changing while it was being written (\(Self.attempts) tries); try again")
        }
    }

    static func matches(_ row: CartRow, _ productID: Int, _ combinationID: Int) -> Bool {
        row.productID == productID && (row.productAttributeID ?? 0) == combinationID
    }

    static func sameRows(_ lhs: Cart, _ rhs: Cart) -> Bool {
        let key = { (row: CartRow) in "\(row.productID ?? 0)/\(row.productAttributeID ?? 0)/\(row.quantity ?? 0)" }
        return (lhs.rows ?? []).map(key).sorted() == (rhs.rows ?? []).map(key).sorted()
    }

    static func setting(_ quantity: Int, productID: Int, combinationID: Int, in cart: Cart) -> Cart {
        var changed = cart
        var rows = cart.rows ?? []
        if let index = rows.firstIndex(where: { matches($0, productID, combinationID) }) {
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
        return changed
    }
}
