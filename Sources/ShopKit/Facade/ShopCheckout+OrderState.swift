/// The thesis's order methods beyond placing one: changing an order's state and its amount
/// paid (`editOrderStateWithId:stateId:`, `editOrderTotalPaidRealWithId:totalPaidReal:`), and
/// the cash-on-delivery fee (`getCastOnDeliveryPrice`).
extension ShopCheckout {
    /// Moves the order to a state (POST `order_histories`, which is how PrestaShop changes
    /// `current_state` and keeps the history), and returns the order as stored after it.
    public func setState(_ stateID: Int, ofOrder orderID: Int, employeeID: Int = 0) async throws(ShopError) -> Order {
        guard stateID > 0, orderID > 0 else { throw .invalidArgument("an order state change needs an order id and a state id, both positive") }
        var history = OrderHistory()
        history.orderID = orderID
        history.orderStateID = stateID
        history.employeeID = employeeID
        _ = try await connection.create(history)
        await connection.sender.invalidate(resources: ["orders", "order_histories"])
        return try await connection.get(Order.self, id: orderID)
    }

    /// Sets `total_paid_real` (what the customer actually paid) the thesis's way: the order as
    /// the shop has it, that one field changed, PUT back.
    public func setTotalPaidReal(_ amount: ShopDecimal, ofOrder orderID: Int) async throws(ShopError) -> Order {
        guard amount >= ShopDecimal(0) else { throw .invalidArgument("an amount paid cannot be negative") }
        var order = try await connection.get(Order.self, id: orderID)
        order.totalPaidReal = amount
        let updated = try await connection.update(order)
        await connection.sender.invalidate(resources: ["orders"])
        return updated
    }

    /// The fee added when paying on delivery, tax included, from the configuration value the
    /// payment module keeps it in. PrestaShop 8.1's `ps_cashondelivery` has no fee (the 8.1.2
    /// recording holds none), so a shop without the key charges 0.
    public func cashOnDeliveryFee(configurationKey: String) async throws(ShopError) -> ShopDecimal {
        let values = try await ShopInformation(connection: connection).configurationValues([configurationKey])
        guard let text = values[configurationKey], !text.isEmpty else { return ShopDecimal(0) }
        guard let fee = ShopDecimal(text), fee >= ShopDecimal(0) else {
            throw .missing(what: "a fee in configuration \(configurationKey) (it holds “\(text)”)", request: "GET configurations")
        }
        return fee
    }
}
