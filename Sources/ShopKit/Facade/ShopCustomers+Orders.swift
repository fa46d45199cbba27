/// A customer's order history: the orders, each order's lines and the names of the states
/// they are in. Three list requests, each answered in full (`display=full`), never one
/// request per order.
extension ShopCustomers {
    /// The customer's orders, newest first:
    /// `orders?filter[id_customer]=[N]&display=full&sort=[date_add_DESC]`.
    public func orders(ofCustomer customerID: Int) async throws(ShopError) -> [Order] {
        try await connection.all(Order.self, try Self.ordersRequest(customerID: customerID))
    }

    /// The lines of one order as `order_details` (prices, quantities, refunds, with more
    /// fields than the order's own `order_rows`): `order_details?filter[id_order]=[N]&display=full`.
    public func lines(ofOrder orderID: Int) async throws(ShopError) -> [OrderDetail] {
        try await connection.all(OrderDetail.self, try Self.linesRequest(orderID: orderID))
    }

    /// Every order state, in the shop's order: `order_states?display=full`.
    public func orderStates() async throws(ShopError) -> [OrderState] {
        try await connection.all(OrderState.self, try Self.statesRequest())
    }

    /// The customer's orders, newest first, each with the name of its current state in
    /// `languageID`: two requests, whatever the number of orders.
    public func orderHistory(ofCustomer customerID: Int, languageID: Int) async throws(ShopError) -> [OrderHistoryEntry] {
        let orders = try await orders(ofCustomer: customerID)
        guard !orders.isEmpty else { return [] }
        let states = try await orderStates()
        return orders.map { order in
            let state = states.first { $0.id != nil && $0.id == order.currentState }
            return OrderHistoryEntry(order: order, state: state, stateName: state?.name.map { $0.best(preferring: [languageID]) })
        }
    }

    static func ordersRequest(customerID: Int) throws(ShopError) -> WebserviceRequest {
        try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("orders").filter("id_customer", .equals(String(customerID))).display(.full)
                .sort([.descending("date_add")])
        }
    }

    static func linesRequest(orderID: Int) throws(ShopError) -> WebserviceRequest {
        try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("order_details").filter("id_order", .equals(String(orderID))).display(.full)
        }
    }

    static func statesRequest() throws(ShopError) -> WebserviceRequest {
        try ShopConnection.build { () throws(WebserviceRequestError) in try WebserviceRequest.list("order_states").display(.full) }
    }
}

/// One order of a history, with its current state (nil when the shop has no such state).
public struct OrderHistoryEntry: Sendable, Hashable {
    public var order: Order
    public var state: OrderState?
    /// The state's name in the language asked for (another language when it has no text in
    /// that one, see ``LocalizedText/best(preferring:)``); nil without a state.
    public var stateName: String?
}
