/// Any list read page by page (`limit=offset,N`, API-NOTES §7), its records handed out one by
/// one as the consumer asks. The webservice sends no total count and no paging header (§4),
/// so the list ends at the first page that comes back short (an empty page when the count is
/// an exact multiple of the page size). Like ``ShopCatalogue/products(inCategory:resumingAfter:)``
/// the stream is pulled: the next page is asked for only when the consumer has taken every
/// record of the current one, and nothing more is asked once it stops or its task is cancelled.
extension ShopFacade {
    /// The records of `request` (a list; `display=full` is added when it has no `display`),
    /// `pageSize` at a time. The request must not carry its own `limit`.
    public func pages<Model: RecordModel>(
        of request: WebserviceRequest, as type: Model.Type = Model.self, pageSize: Int = 100
    ) -> AsyncThrowingStream<Model, Error> {
        let connection = catalogue.connection
        let full = request.has("display") ? request : request.adding("display", "full")
        return Self.stream(request: full, pageSize: pageSize) { (page: WebserviceRequest) async throws(ShopError) -> [Model] in
            try await connection.all(Model.self, page)
        }
    }

    /// Every record of a model's resource, `pageSize` at a time: `GET <resource>?display=full&limit=…`.
    public func pages<Model: ResourceModel>(of type: Model.Type, pageSize: Int = 100) -> AsyncThrowingStream<Model, Error> {
        pages(of: .list(Model.resource), as: type, pageSize: pageSize)
    }

    /// The ids of a list without `display` (`<element id="…"/>` references), page by page.
    public func idPages(of request: WebserviceRequest, element: String, pageSize: Int = 1000) -> AsyncThrowingStream<Int, Error> {
        let connection = catalogue.connection
        return Self.stream(request: request, pageSize: pageSize) { (page: WebserviceRequest) async throws(ShopError) -> [Int] in
            try await connection.ids(page, element: element)
        }
    }

    static func stream<Element: Sendable>(
        request: WebserviceRequest, pageSize: Int, load: @escaping @Sendable (WebserviceRequest) async throws(ShopError) -> [Element]
    ) -> AsyncThrowingStream<Element, Error> {
        let cursor = PageCursor(request: request, pageSize: pageSize, load: load)
        return AsyncThrowingStream(unfolding: { try await cursor.next() })
    }
}

extension ShopCatalogue {
    /// The whole catalogue's products in full, `pageSize` per request, as they arrive:
    /// `products?display=full&limit=0,N`, then `limit=N,N`… (one request per page, not per
    /// product as the category streams do).
    public func allProducts(pageSize: Int = 50) -> AsyncThrowingStream<Product, Error> {
        let connection = connection
        return ShopFacade.stream(request: WebserviceRequest.list(Product.resource).adding("display", "full"), pageSize: pageSize) {
            (page: WebserviceRequest) async throws(ShopError) -> [Product] in try await connection.all(Product.self, page)
        }
    }
}

/// The position in a paged list: the page in hand, the next offset, whether the last page
/// came. An actor because the stream's pulls may come from different tasks.
actor PageCursor<Element: Sendable> {
    private let request: WebserviceRequest
    private let pageSize: Int
    private let load: @Sendable (WebserviceRequest) async throws(ShopError) -> [Element]
    private var buffer: [Element] = []
    private var offset = 0
    private var lastPageSeen = false
    private var finished = false

    init(request: WebserviceRequest, pageSize: Int, load: @escaping @Sendable (WebserviceRequest) async throws(ShopError) -> [Element]) {
        self.request = request
        self.pageSize = pageSize
        self.load = load
    }

    /// The next record, nil at the end or after a cancellation. A failure (or a refused
    /// argument) ends the list: it is thrown once, then nil.
    func next() async throws -> Element? {
        guard !finished else { return nil }
        do {
            while buffer.isEmpty {
                guard !lastPageSeen, !Task.isCancelled else {
                    finished = true
                    return nil
                }
                let page = try await load(try pageRequest())
                // A page longer than asked means the shop ignored `limit`: paging on would
                // repeat records forever, so this page is the whole list.
                lastPageSeen = page.count != pageSize
                offset += page.count
                buffer = page
            }
            return buffer.removeFirst()
        } catch {
            finished = true
            if Task.isCancelled { return nil }
            throw error
        }
    }

    private func pageRequest() throws(ShopError) -> WebserviceRequest {
        guard !request.has("limit") else {
            throw .invalidArgument("a paged list sets limit itself; remove limit from the request (\(request.relativePath))")
        }
        let offset = offset, pageSize = pageSize, request = request
        return try ShopConnection.build { () throws(WebserviceRequestError) in try request.limit(offset: offset, count: pageSize) }
    }
}
