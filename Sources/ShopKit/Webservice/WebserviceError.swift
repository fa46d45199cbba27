import Foundation

/// Why a webservice call gave no usable answer. Each case carries the request's method and URL
/// (never the key, which only travels in the `Authorization` header) and, for an HTTP error,
/// the shop's own `<code>`/`<message>` pairs (API-NOTES §2, §3).
public enum WebserviceError: Error, Sendable, Equatable {
    /// 400: a bad filter, display, sort or limit (codes 32–39), a field that cannot be written
    /// (93), an id where none may be (91)…
    case badRequest(WebserviceFailure)
    /// 401: no key, a malformed key (18), an inactive or unknown key (20), no permission (21, 26).
    case unauthorized(WebserviceFailure)
    /// 403: the key is not allowed on this shop (132).
    case forbidden(WebserviceFailure)
    /// 404: no such record (87, 92), not in this shop (131), no image.
    case notFound(WebserviceFailure)
    /// 405: the method is not allowed for the resource (101) or the key (25).
    case methodNotAllowed(WebserviceFailure)
    /// 500: the shop failed, often a PHP notice or warning turned into an error (codes 2–15),
    /// or a record it could not save (46) or XML it could not read (127).
    case serverError(WebserviceFailure)
    /// 503: the webservice is switched off in the back office (22).
    case unavailable(WebserviceFailure)
    /// Any other status that is not success.
    case unexpectedStatus(WebserviceFailure)
    /// No complete answer within the configured timeout.
    case timeout(request: RequestLine, after: Duration)
    /// No connection: refused, unknown host, TLS failure…
    case connectionFailed(request: RequestLine, reason: String)
    /// The answer is not the webservice's: an HTML page (a shop without URL rewriting, a
    /// maintenance page, a proxy's error) where XML or JSON was expected.
    case notWebservice(request: RequestLine, status: Int, contentType: String?, excerpt: String)
    /// The body stopped short: the connection closed early, or it does not match its
    /// `Content-Sha1`, or the XML/JSON ends before its root closes.
    case truncatedBody(request: RequestLine, reason: String)
    /// An image was asked for and something else came back.
    case notAnImage(request: RequestLine, contentType: String?)
    /// The shop's version lacks what the request needs (PATCH before 8.0, JSON before 1.6.0.9).
    case unsupported(request: RequestLine, feature: String, version: PrestaShopVersion)
    /// The request could not be built as asked; nothing was sent.
    case invalidRequest(WebserviceRequestError)
    case cancelled

    /// The HTTP failure, for the status cases.
    public var failure: WebserviceFailure? {
        switch self {
        case .badRequest(let failure), .unauthorized(let failure), .forbidden(let failure), .notFound(let failure),
            .methodNotAllowed(let failure), .serverError(let failure), .unavailable(let failure),
            .unexpectedStatus(let failure):
            failure
        default: nil
        }
    }

    /// The shop's error codes, in order (empty when it sent none).
    public var shopCodes: [Int] { failure?.errors.compactMap(\.code) ?? [] }

    static func from(status: Int, body: [UInt8], request: RequestLine) -> WebserviceError {
        let failure = WebserviceFailure(
            status: status, errors: ShopErrorMessage.parse(body), request: request, excerpt: WebserviceFailure.excerpt(body))
        switch status {
        case 400: return .badRequest(failure)
        case 401: return .unauthorized(failure)
        case 403: return .forbidden(failure)
        case 404: return .notFound(failure)
        case 405: return .methodNotAllowed(failure)
        case 500: return .serverError(failure)
        case 503: return .unavailable(failure)
        default: return .unexpectedStatus(failure)
        }
    }
}

/// An HTTP error answer: its status, the shop's error pairs and the start of the body when it
/// had no error document (a plain-text 401, a bare 500).
public struct WebserviceFailure: Sendable, Equatable {
    public let status: Int
    public let errors: [ShopErrorMessage]
    public let request: RequestLine
    public let excerpt: String

    static func excerpt(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
    }

    var summary: String {
        if !errors.isEmpty { return errors.map(\.description).joined(separator: "; ") }
        return excerpt.isEmpty ? "no explanation" : "“\(excerpt)”"
    }
}

extension WebserviceError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .badRequest(let f):
            "the shop refused \(f.request) (HTTP 400): \(f.summary). Fix the request's fields or parameters"
        case .unauthorized(let f):
            "the shop refused the webservice key for \(f.request) (HTTP 401): \(f.summary). Check the key and that it is active, in the back office under Advanced Parameters > Webservice"
        case .forbidden(let f):
            "the key may not be used on this shop for \(f.request) (HTTP 403): \(f.summary). Allow the key on this shop, or choose another shop"
        case .notFound(let f):
            "nothing at \(f.request) (HTTP 404): \(f.summary). Check the id and the resource name"
        case .methodNotAllowed(let f):
            "\(f.request) is not allowed (HTTP 405): \(f.summary). Give the key this permission, or use another method"
        case .serverError(let f):
            "the shop failed on \(f.request) (HTTP 500): \(f.summary). Its log says more; try again or tell the shop's administrator"
        case .unavailable(let f):
            "the shop's webservice is off for \(f.request) (HTTP 503): \(f.summary). Switch it on in Advanced Parameters > Webservice"
        case .unexpectedStatus(let f):
            "the shop answered HTTP \(f.status) to \(f.request): \(f.summary)"
        case .timeout(let request, let after):
            "no complete answer to \(request) within \(after); check the connection or raise the timeout"
        case .connectionFailed(let request, let reason):
            "cannot reach the shop for \(request): \(reason). Check the address and that the shop is up"
        case .notWebservice(let request, let status, let contentType, let excerpt):
            "\(request) answered a page that is not the webservice's (HTTP \(status), \(contentType ?? "no type")): “\(excerpt)”. Check the shop address and that URL rewriting (/api/) is on"
        case .truncatedBody(let request, let reason):
            "the answer to \(request) is incomplete: \(reason). Try again"
        case .notAnImage(let request, let contentType):
            "\(request) did not answer an image (\(contentType ?? "no type")); check the image id"
        case .unsupported(let request, let feature, let version):
            "\(request) needs \(feature), which PrestaShop \(version) does not have"
        case .invalidRequest(let error):
            "the request cannot be built: \(error.description)"
        case .cancelled:
            "cancelled"
        }
    }
}
