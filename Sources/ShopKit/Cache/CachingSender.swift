/// A ``WebserviceSending`` that answers GETs from a ``ShopCache`` when it can and stores
/// what the shop answered successfully. Writes go straight to the shop and then drop the
/// cached answers of the resource they wrote. Errors pass through and are never stored.
public struct CachingSender: WebserviceSending {
    public let base: any WebserviceSending
    public let cache: ShopCache

    public init(_ base: any WebserviceSending, cache: ShopCache) {
        self.base = base
        self.cache = cache
    }

    public func send(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse {
        guard request.method == .get else {
            let response = try await base.send(request)
            // A write (ps_method included) changes its resource; a HEAD changes nothing.
            if request.effectiveMethod != .head, request.effectiveMethod != .get, let resource = request.path.first {
                await cache.invalidate(resources: [resource])
            }
            return response
        }
        if let resource = request.path.first, Self.neverCached.contains(resource) { return try await base.send(request) }
        if let cached = await cache.response(for: request) { return cached }
        let response = try await base.send(request)
        await cache.store(response, for: request)
        return response
    }

    /// What changes behind the app's back and must be read fresh: a cart another device or the
    /// shop changed, orders the shop moves from state to state, stock others buy.
    public static let neverCached: Set<String> = [
        "carts", "orders", "order_histories", "order_details", "order_carriers", "order_payments", "order_invoices", "stock_availables",
    ]

    public func knownVersion() async -> PrestaShopVersion? { await base.knownVersion() }

    public var uncached: any WebserviceSending { base.uncached }

    public func invalidate(resources: Set<String>) async {
        await cache.invalidate(resources: resources)
        await base.invalidate(resources: resources)
    }
}
