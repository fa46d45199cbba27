import Foundation

/// The HTTP methods of the webservice (API-NOTES §3).
public enum WebserviceMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}

/// One webservice call, built without I/O: the method, the path under `/api/`, the query in the
/// order it was given, and an XML body for writes. ``url(base:)`` gives the exact URL, which the
/// tests compare with the recorded `uri` values.
///
/// Build one with the static functions (``list(_:)``, ``get(_:id:)``, ``create(_:xml:)``…) and
/// chain the list parameters of API-NOTES §7:
/// `WebserviceRequest.list("customers").date().limit(offset: 0, count: 1000).filter("date_upd", .greaterThan("2016-09-01 00:00:00"))`.
public struct WebserviceRequest: Sendable, Hashable {
    public var method: WebserviceMethod
    /// The path segments after `/api/`: `["products", "1"]`, `["images", "products", "1", "2"]`;
    /// empty for the API root.
    public var path: [String]
    /// Query parameters, in the order they were added (before encoding).
    public private(set) var query: [QueryItem]
    /// The XML document of a POST, PUT or PATCH. The webservice reads XML only, even when it
    /// answers JSON (§3).
    public var body: [UInt8]?
    /// The body's media type when it is not XML: `multipart/form-data; boundary=…` for an
    /// image upload (``uploadImage(_:to:boundary:)``). nil sends `text/xml`.
    public var contentType: String?

    public struct QueryItem: Sendable, Hashable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: WebserviceMethod, path: [String], query: [QueryItem] = [], body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    // MARK: Reads

    /// `GET /api/`: the resources this key may use, with its permissions.
    public static var root: WebserviceRequest { WebserviceRequest(method: .get, path: []) }

    /// `GET /api/<resource>`: a list (ids only unless ``display(_:)`` is given).
    public static func list(_ resource: String) -> WebserviceRequest {
        WebserviceRequest(method: .get, path: [resource])
    }

    /// `GET /api/<resource>/<id>`: one record.
    public static func get(_ resource: String, id: Int) -> WebserviceRequest {
        WebserviceRequest(method: .get, path: [resource, String(id)])
    }

    /// `HEAD`: the same checks as the GET, no body (§3).
    public static func head(_ resource: String, id: Int? = nil) -> WebserviceRequest {
        WebserviceRequest(method: .head, path: id.map { [resource, String($0)] } ?? (resource.isEmpty ? [] : [resource]))
    }

    /// The binary image `/api/images/<kind>/<id>[/<image>][/<type>]` (§10): for products
    /// `image(.products, id: 1, image: 2, type: "home_default")`; other kinds have one image each.
    public static func image(_ kind: ImageKind, id: Int, image: Int? = nil, type: String? = nil) -> WebserviceRequest {
        var path = ["images", kind.rawValue, String(id)]
        if let image { path.append(String(image)) }
        if let type { path.append(type) }
        return WebserviceRequest(method: .get, path: path)
    }

    public enum ImageKind: String, Sendable, Equatable {
        case products, categories, manufacturers, suppliers, stores
    }

    // MARK: Writes

    /// `POST /api/<resource>`: create. The body must carry no `<id>` (error 91); 201 on success.
    public static func create(_ resource: String, xml: [UInt8]) -> WebserviceRequest {
        WebserviceRequest(method: .post, path: [resource], body: xml)
    }

    /// `PUT /api/<resource>[/<id>]`: replace the whole record, whose `<id>` the body carries.
    /// Optional fields missing from the body are reset (§3), so send a full record.
    /// Without `id` the URL is the collection's, as the recorded connector sent it.
    public static func update(_ resource: String, id: Int? = nil, xml: [UInt8]) -> WebserviceRequest {
        WebserviceRequest(method: .put, path: id.map { [resource, String($0)] } ?? [resource], body: xml)
    }

    /// `PATCH /api/<resource>/<id>`: partial update, 8.0 and later only (the client refuses it
    /// on older shops with ``WebserviceError/unsupported(request:feature:version:)``).
    public static func patch(_ resource: String, id: Int, xml: [UInt8]) -> WebserviceRequest {
        WebserviceRequest(method: .patch, path: [resource, String(id)], body: xml)
    }

    /// `DELETE /api/<resource>/<id>`: 200 and an empty body.
    public static func delete(_ resource: String, id: Int) -> WebserviceRequest {
        WebserviceRequest(method: .delete, path: [resource, String(id)])
    }

    /// `DELETE /api/<resource>?id=[1,2,3]`: several records at once (§3).
    public static func delete(_ resource: String, ids: [Int]) throws(WebserviceRequestError) -> WebserviceRequest {
        guard !ids.isEmpty else { throw .emptyIDList(resource: resource) }
        if ids.count == 1 { return delete(resource, id: ids[0]) }
        return WebserviceRequest(method: .delete, path: [resource])
            .adding("id", "[\(ids.map(String.init).joined(separator: ","))]")
    }

    // MARK: Building

    /// A copy with one more query parameter at the end.
    public func adding(_ name: String, _ value: String) -> WebserviceRequest {
        var copy = self
        copy.query.append(QueryItem(name: name, value: value))
        return copy
    }

    /// Whether the query already has a parameter of this name.
    public func has(_ name: String) -> Bool { query.contains { $0.name == name } }

    /// The path after the base, `products/1`, each segment percent-encoded.
    public var relativePath: String {
        path.map(WebserviceQueryEncoding.pathSegment).joined(separator: "/")
    }

    /// The encoded query, without `?`; empty when there is none.
    public var encodedQuery: String {
        WebserviceQueryEncoding.encode(query.map { ($0.name, $0.value) })
    }

    /// The full URL under `base` (a `…/api/` root; see ``ShopConfiguration``).
    public func url(base: String) -> String {
        var root = base
        if !root.hasSuffix("/") { root += "/" }
        let query = encodedQuery
        return root + relativePath + (query.isEmpty ? "" : "?" + query)
    }
}

/// A request that cannot be built as asked; nothing was sent.
public enum WebserviceRequestError: Error, Sendable, Equatable {
    case invalidFilter(field: String, reason: String)
    case emptyFieldList
    case invalidLimit(offset: Int, count: Int)
    case emptyIDList(resource: String)
    case emptyLanguageList
}

extension WebserviceRequestError: CustomStringConvertible, LocalizedError {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .invalidFilter(let field, let reason): "filter on “\(field)”: \(reason)"
        case .emptyFieldList: "display needs at least one field, or .full"
        case .invalidLimit(let offset, let count): "limit needs offset ≥ 0 and count > 0 (got \(offset), \(count))"
        case .emptyIDList(let resource): "deleting from \(resource) needs at least one id"
        case .emptyLanguageList: "language needs at least one id"
        }
    }
}
