/// Answers of reads, kept for a time-to-live and up to a number of entries (the oldest stored
/// is evicted first), keyed by the request as sent (method, path and query). Only whole
/// successful answers are ever stored: ``CachingSender`` stores after `send` returned, and
/// the client has already refused errors, cut bodies and non-webservice pages by then, so an
/// error or a partial result is never cached and the next call asks the shop again.
///
/// Entries are also dropped by resource (``invalidate(resources:)``): after an order, the
/// carts, orders and stock it changed.
public actor ShopCache {
    public let timeToLive: Duration
    public let maxEntries: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [String: Entry] = [:]
    /// Keys in the order they were stored, oldest first (for eviction).
    private var order: [String] = []

    struct Entry {
        let response: WebserviceResponse
        let resource: String
        let storedAt: ContinuousClock.Instant
    }

    /// - Parameter now: the clock; tests pass one they move by hand.
    public init(
        timeToLive: Duration = .seconds(300), maxEntries: Int = 500,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.timeToLive = timeToLive
        self.maxEntries = max(1, maxEntries)
        self.now = now
    }

    /// The key of a request: method, path and query as they go on the wire.
    public static func key(_ request: WebserviceRequest) -> String {
        request.method.rawValue + " " + request.url(base: "/")
    }

    /// The stored answer, unless it is older than the time-to-live (then it is dropped).
    public func response(for request: WebserviceRequest) -> WebserviceResponse? {
        let key = Self.key(request)
        guard let entry = entries[key] else { return nil }
        guard now() - entry.storedAt < timeToLive else {
            remove(key)
            return nil
        }
        return entry.response
    }

    /// Stores a successful answer to a GET; anything else is ignored.
    public func store(_ response: WebserviceResponse, for request: WebserviceRequest) {
        guard request.method == .get, (200..<300).contains(response.status) else { return }
        let key = Self.key(request)
        if entries[key] != nil { order.removeAll { $0 == key } }
        entries[key] = Entry(response: response, resource: request.path.first ?? "", storedAt: now())
        order.append(key)
        while order.count > maxEntries { remove(order[0]) }
    }

    /// Drops every answer about these resources (`carts`, `orders`…).
    public func invalidate(resources: Set<String>) {
        for (key, entry) in entries where resources.contains(entry.resource) { remove(key) }
    }

    public func removeAll() {
        entries.removeAll()
        order.removeAll()
    }

    public var count: Int { entries.count }

    private func remove(_ key: String) {
        entries[key] = nil
        order.removeAll { $0 == key }
    }
}
