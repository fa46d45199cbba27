/// What the shop answered, as received: status, headers and body bytes. Reading the XML or
/// JSON into models is the Document layer's job; this layer only checks that the answer is
/// whole and from the webservice.
public struct WebserviceResponse: Sendable, Equatable {
    public let status: Int
    public let headers: WebserviceHeaders
    public let body: [UInt8]
    /// `METHOD url` of the request, for messages (never the key).
    public let request: RequestLine

    public init(status: Int, headers: WebserviceHeaders, body: [UInt8], request: RequestLine) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
    }

    /// `PSWS-Version`: the shop's `_PS_VERSION_` (API-NOTES §4).
    public var version: PrestaShopVersion? { headers["PSWS-Version"].flatMap(PrestaShopVersion.init) }
    /// `Content-Sha1`: the SHA-1 of the body (for a HEAD, of the body a GET would give).
    public var contentSHA1: String? { headers["Content-Sha1"] }
    public var contentType: String? { headers["Content-Type"] }
}

/// Response headers in order, looked up without regard to case (HTTP field names are
/// case-insensitive; the recordings have them in lower case).
public struct WebserviceHeaders: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of the field, or nil.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: WebserviceHeaders, rhs: WebserviceHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// `GET https://shop.example/api/products/1`: what a message may say about a request. The key
/// travels in the `Authorization` header only, so the URL never holds it.
public struct RequestLine: Sendable, Equatable, CustomStringConvertible {
    public let method: String
    public let url: String

    public init(method: String, url: String) {
        self.method = method
        self.url = url
    }

    public var description: String { "\(method) \(url)" }
}
