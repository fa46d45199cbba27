/// What the facade needs from a connection: send one request, and say which version the shop
/// runs (for building write bodies). ``WebserviceClient`` is one; the domain cache
/// (``CachingSender``) is another, wrapping a client; tests wrap one to count requests.
public protocol WebserviceSending: Sendable {
    func send(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse
    /// The shop's version as seen so far, nil while unknown.
    func knownVersion() async -> PrestaShopVersion?
    /// Forgets cached answers of these resources (a no-op without a cache): called after a
    /// write that changes them.
    func invalidate(resources: Set<String>) async
    /// The same shop without any cache in between, for reads that must be the shop's state now
    /// (the final quote of an order): itself when it caches nothing.
    var uncached: any WebserviceSending { get }
}

extension WebserviceSending {
    public var uncached: any WebserviceSending { self }
}

extension WebserviceClient: WebserviceSending {
    public func knownVersion() async -> PrestaShopVersion? { version }
    public nonisolated func invalidate(resources: Set<String>) async {}
}
