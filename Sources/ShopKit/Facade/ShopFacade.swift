/// The shop as an app sees it (the thesis's `WSEntryPoint`, grouped by purpose): the
/// catalogue, customers, carts, checkout and the shop's own information, all over one
/// connection. Give it a ``WebserviceClient``, or a ``CachingSender`` wrapping one to cache
/// reads (see `docs/shop-facade.md` for the thesis's methods and their equivalents here).
public struct ShopFacade: Sendable {
    public let catalogue: ShopCatalogue
    public let customers: ShopCustomers
    public let carts: ShopCarts
    public let checkout: ShopCheckout
    public let information: ShopInformation
    public let prices: ShopPrices

    public init(sender: any WebserviceSending) {
        self.init(sender: sender, cartWrites: CartWriteQueue(), voucherWrites: CartWriteQueue())
    }

    init(sender: any WebserviceSending, cartWrites: CartWriteQueue, voucherWrites: CartWriteQueue) {
        let connection = ShopConnection(sender: sender)
        catalogue = ShopCatalogue(connection: connection)
        customers = ShopCustomers(connection: connection)
        carts = ShopCarts(connection: connection, writes: cartWrites)
        checkout = ShopCheckout(connection: connection, voucherWrites: voucherWrites)
        information = ShopInformation(connection: connection)
        prices = ShopPrices(connection: connection)
    }

    /// This facade reading the shop itself, past any cache (its writes still queue with this
    /// facade's): for what must be the shop's state at the moment, like an order's final quote.
    public var uncached: ShopFacade {
        ShopFacade(sender: carts.connection.sender.uncached, cartWrites: carts.writes, voucherWrites: checkout.voucherWrites)
    }
}
