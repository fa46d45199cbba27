/// A category's products as they arrive (the thesis's lazy loading, §4.3): first the ids
/// (one request for the category), then each product in its own request, **only when the
/// consumer asks for it**. The stream is pulled (`AsyncThrowingStream(unfolding:)`), so no
/// request is made ahead of the consumer: when it stops iterating, or its task is cancelled,
/// no further request starts. A request in flight when the task is cancelled is cancelled with
/// it (AsyncHTTPClient honours task cancellation) and the stream ends.
///
/// To resume a list that was cut short, pass the ids already shown (``resumingAfter``) or
/// the number of products already shown (``products(inCategory:fromOffset:)``).
extension ShopCatalogue {
    /// The category's products not yet in `shown`, in the shop's order.
    public func products(inCategory id: Int, resumingAfter shown: [Int] = []) -> AsyncThrowingStream<Product, Error> {
        let skip = Set(shown)
        return stream(inCategory: id) { ids in ids.filter { !skip.contains($0) } }
    }

    /// The category's products from the `offset`-th on (0 is the first).
    public func products(inCategory id: Int, fromOffset offset: Int) -> AsyncThrowingStream<Product, Error> {
        stream(inCategory: id) { ids in Array(ids.dropFirst(max(0, offset))) }
    }

    /// The products of these ids, one request each, as they are asked for.
    public func products(ids: [Int]) -> AsyncThrowingStream<Product, Error> {
        let cursor = ProductCursor(connection: connection, load: { ids })
        return AsyncThrowingStream(unfolding: { try await cursor.next() })
    }

    private func stream(inCategory id: Int, selecting: @escaping @Sendable ([Int]) -> [Int]) -> AsyncThrowingStream<Product, Error> {
        let catalogue = self
        let cursor = ProductCursor(connection: connection, load: { () async throws(ShopError) -> [Int] in
            selecting(try await catalogue.productIDs(inCategory: id))
        })
        return AsyncThrowingStream(unfolding: { try await cursor.next() })
    }
}

/// The position in a lazy product list: the ids (loaded on the first pull) and how many were
/// handed out. An actor, because the stream's pulls may come from different tasks.
actor ProductCursor {
    private let connection: ShopConnection
    private let load: @Sendable () async throws(ShopError) -> [Int]
    private var pending: [Int]?
    private var finished = false

    init(connection: ShopConnection, load: @escaping @Sendable () async throws(ShopError) -> [Int]) {
        self.connection = connection
        self.load = load
    }

    /// The next product, nil at the end, or after a cancellation (no request is started once
    /// the task is cancelled). A failure ends the list: it is thrown once, then nil.
    func next() async throws -> Product? {
        guard !finished, !Task.isCancelled else { return nil }
        do {
            if pending == nil { pending = try await load() }
            guard !Task.isCancelled, let id = pending?.first else {
                finished = true
                return nil
            }
            pending?.removeFirst()
            return try await connection.get(Product.self, id: id)
        } catch {
            finished = true
            if Task.isCancelled { return nil }
            throw error
        }
    }
}
