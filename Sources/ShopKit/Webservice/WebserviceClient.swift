import Crypto
import Foundation
import HTTPTransport
import Logging

/// Speaks to one shop's webservice over an ``HTTPTransport`` and returns raw answers (status,
/// headers, body) or a typed ``WebserviceError``. An actor because it remembers the shop's
/// version from the first answer that carries `PSWS-Version`, and chooses features by it.
public actor WebserviceClient {
    public nonisolated let configuration: ShopConfiguration
    private let transport: any HTTPTransport
    private let logger: Logger
    /// The shop's version, from the first answer with a `PSWS-Version` header.
    public private(set) var version: PrestaShopVersion?

    /// Answers larger than this are refused: the largest recorded list is well under 1 MB.
    static let maxBodyBytes = 64 * 1_048_576

    /// `transport` carries the bytes: AsyncHTTPClient's in `bottega` (a shared one needs no
    /// shutting down), URLSession's in an iOS app.
    public init(configuration: ShopConfiguration, transport: any HTTPTransport, logger: Logger = Logger(label: "shopkit.webservice")) {
        self.configuration = configuration
        self.transport = transport
        self.logger = logger
    }

    /// What the webservice can do, by the version seen so far (conservative while unknown).
    public var features: WebserviceFeatures { WebserviceFeatures(version: version) }

    /// Sends `request` and returns the answer when its status is 2xx (or 304), the body is
    /// whole and it is the webservice's; throws otherwise.
    public func send(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse {
        let prepared = try await prepare(request, applyOutputFormat: true)
        let response = try await transfer(prepared)
        try Self.checkDocument(response)
        return response
    }

    /// Asks `HEAD /api/` to learn the shop's version, unless already known.
    @discardableResult
    public func detectVersion() async throws(WebserviceError) -> PrestaShopVersion? {
        if let version { return version }
        do {
            _ = try await send(WebserviceRequest.head(""))
        } catch {
            // A refused HEAD still tells the version when it carries `PSWS-Version` (1.6 sends
            // it even on a 401, API-NOTES §4).
            if version == nil { throw error }
        }
        return version
    }

    /// The full request as it goes on the wire: the configuration's parameters added, the
    /// version's limits checked.
    func prepare(_ request: WebserviceRequest, applyOutputFormat: Bool) async throws(WebserviceError) -> WebserviceRequest {
        var prepared = request
        let line = RequestLine(method: request.method.rawValue, url: request.url(base: configuration.baseURL.absoluteString))
        if request.effectiveMethod == .patch {
            // PATCH arrived in 8.0 (API-NOTES §3, §13): ask the shop which version it runs first.
            if version == nil { try await detectVersion() }
            if let version, !version.hasPatch {
                throw .unsupported(request: line, feature: "PATCH (PrestaShop 8.0 and later)", version: version)
            }
        }
        let wantsJSON = request.query.contains { ($0.name == "output_format" || $0.name == "io_format") && $0.value == "JSON" }
        // Image answers (a binary file, or an upload's `<image>` record) are never JSON.
        if applyOutputFormat, configuration.outputFormat == .json, !wantsJSON, request.method != .head, request.path.first != "images" {
            prepared = prepared.jsonOutput()
        }
        if wantsJSON || prepared.has("output_format"), let version, !version.hasJSONOutput {
            throw .unsupported(request: line, feature: "JSON output (PrestaShop 1.6.0.9 and later)", version: version)
        }
        if let language = configuration.languageID, request.method == .get, !request.has("language"), request.path.first != "images" {
            prepared = prepared.language(language)
        }
        switch configuration.shopContext {
        case .shop(let id) where !request.has("id_shop"): prepared = prepared.shop(id)
        case .shopGroup(let id) where !request.has("id_group_shop"): prepared = prepared.shopGroup(id)
        default: break
        }
        return prepared
    }

    /// The headers every request carries: the key in HTTP Basic (never in the URL), and the
    /// body's type for writes.
    public nonisolated func headers(for request: WebserviceRequest) -> [(name: String, value: String)] {
        var headers = [(name: "Authorization", value: configuration.authorizationHeader)]
        if request.body != nil { headers.append((name: "Content-Type", value: request.contentType ?? "text/xml; charset=utf-8")) }
        return headers
    }

    /// Sends and collects the answer, within the configured timeout; maps transport failures
    /// and HTTP error statuses to ``WebserviceError``.
    func transfer(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse {
        let url = request.url(base: configuration.baseURL.absoluteString)
        let line = RequestLine(method: request.method.rawValue, url: url)
        guard let address = URL(string: url) else { throw .connectionFailed(request: line, reason: "the address is not a valid http(s) URL") }
        logger.debug("webservice request", metadata: ["request": "\(line)"])
        let timeout = configuration.timeout
        let outgoing = HTTPTransportRequest(
            method: request.method.rawValue, url: address, headers: headers(for: request), body: request.body, timeout: timeout,
            maximumBodyBytes: Self.maxBodyBytes)
        let raw: HTTPTransportResponse
        do throws(HTTPTransportFailure) {
            raw = try await transport.send(outgoing)
        } catch {
            switch error {
            case .timedOut: throw .timeout(request: line, after: timeout)
            case .cancelled: throw .cancelled
            case .tooLarge: throw .truncatedBody(request: line, reason: "the answer is larger than \(Self.maxBodyBytes / 1_048_576) MB and was not read")
            case .connectionLost(let reason, duringBody: true):
                throw .truncatedBody(request: line, reason: "the connection closed before the body was complete (\(reason))")
            case .connectionLost(let reason, duringBody: false), .unreachable(let reason): throw .connectionFailed(request: line, reason: reason)
            }
        }
        let response = WebserviceResponse(status: raw.status, headers: WebserviceHeaders(raw.headers), body: raw.body, request: line)
        if version == nil, let seen = response.version {
            version = seen
            logger.debug("webservice version", metadata: ["version": "\(seen)"])
        }
        guard (200..<300).contains(raw.status) || raw.status == 304 else {
            if Self.looksLikeHTML(response), raw.status < 500 {
                throw .notWebservice(request: line, status: raw.status, contentType: response.contentType,
                                     excerpt: WebserviceFailure.excerpt(raw.body))
            }
            throw WebserviceError.from(status: raw.status, body: raw.body, request: line)
        }
        try Self.checkIntegrity(response)
        return response
    }

    /// A body that does not hash to its `Content-Sha1` was cut (or altered) on the way. A HEAD
    /// carries the hash of the body a GET would give (API-NOTES §4), so it is not checked.
    static func checkIntegrity(_ response: WebserviceResponse) throws(WebserviceError) {
        guard response.request.method != "HEAD", response.status != 304, let expected = response.contentSHA1 else { return }
        let actual = Insecure.SHA1.hash(data: response.body).map { String(format: "%02x", $0) }.joined()
        guard actual == expected.lowercased() else {
            throw .truncatedBody(
                request: response.request,
                reason: "\(response.body.count) bytes arrived and they do not match the Content-Sha1 the shop sent")
        }
    }

    /// A success answer must be the webservice's XML or JSON, whole: an HTML page is refused,
    /// and without a `Content-Sha1` an XML body must end with `</prestashop>` (every webservice
    /// document does, API-NOTES §5), a JSON one with `}` or `]`.
    static func checkDocument(_ response: WebserviceResponse) throws(WebserviceError) {
        // A category (or manufacturer…) image upload is answered with the stored image itself
        // (§10): accepted when its bytes are the image its type says.
        if let type = response.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
            type.hasPrefix("image/")
        {
            guard signatureMatches(response.body, type: type) else {
                throw .notAnImage(request: response.request, contentType: response.contentType)
            }
            return
        }
        if looksLikeHTML(response) {
            throw .notWebservice(request: response.request, status: response.status, contentType: response.contentType,
                                 excerpt: WebserviceFailure.excerpt(response.body))
        }
        guard response.contentSHA1 == nil, let last = response.body.last(where: { !isSpace($0) }) else { return }
        let text = response.body.suffix(64)
        let isXML = response.body.first(where: { !isSpace($0) }) == UInt8(ascii: "<")
        if isXML, !String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</prestashop>") {
            throw .truncatedBody(request: response.request, reason: "the XML stops before </prestashop>")
        }
        if !isXML, last != UInt8(ascii: "}"), last != UInt8(ascii: "]") {
            throw .truncatedBody(request: response.request, reason: "the JSON stops before its end")
        }
    }

    static func looksLikeHTML(_ response: WebserviceResponse) -> Bool {
        if let type = response.contentType?.lowercased(), type.contains("html") { return true }
        let start = String(decoding: response.body.prefix(256), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

/// What the webservice can do at the version the client has seen; everything version-bound is
/// off while the version is unknown.
public struct WebserviceFeatures: Sendable, Equatable {
    public let version: PrestaShopVersion?

    public var patch: Bool { version?.hasPatch ?? false }
    public var jsonOutput: Bool { version?.hasJSONOutput ?? false }
    public var conditionalGet: Bool { version?.hasConditionalGet ?? false }
    /// `order_discounts` (1.6) or `order_cart_rules` (1.7 and later); nil while unknown.
    public var orderCartRulesResource: String? { version?.orderCartRulesResource }
}
