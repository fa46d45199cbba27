import Hummingbird
import ShopKit
import WebCore

/// Why a storefront action gave no result, as a status, an API code and a sentence for the
/// visitor: the shop down, slow or answering something else (502/504), a record it does not
/// have (404), input that cannot be used (400, with the field), a login refused (401).
struct ShopFailure: Error, Sendable {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    /// The form field at fault, for re-showing a form with it named.
    var field: String?

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    static func input(_ field: String, _ message: String) -> ShopFailure {
        ShopFailure(.badRequest, "invalid_\(field)", message, field: field)
    }

    /// A facade error in the visitor's terms; `scrub` removes secrets from the shop's texts.
    static func from(_ error: ShopError, scrub: (String) -> String) -> ShopFailure {
        let detail = scrub(error.errorDescription ?? "\(error)")
        switch error {
        case .webservice(let webservice):
            switch webservice {
            case .notFound:
                return ShopFailure(.notFound, "not_found", "The shop has no such record: \(detail)")
            case .timeout:
                return ShopFailure(.gatewayTimeout, "shop_timeout", "The shop did not answer in time: \(detail)")
            case .connectionFailed:
                return ShopFailure(.badGateway, "shop_unreachable", "The shop cannot be reached: \(detail)")
            case .notWebservice:
                return ShopFailure(.badGateway, "shop_not_webservice", "The shop answered with a web page instead of its webservice (maintenance, or a misconfigured address): \(detail)")
            case .truncatedBody:
                return ShopFailure(.badGateway, "shop_answer_cut", "The shop's answer arrived incomplete: \(detail)")
            case .unauthorized, .forbidden:
                return ShopFailure(.badGateway, "shop_refused_key", "The shop refused this server's webservice key: \(detail)")
            case .invalidRequest:
                return ShopFailure(.badRequest, "invalid_request", detail)
            case .badRequest, .methodNotAllowed, .serverError, .unavailable, .unexpectedStatus, .notAnImage, .unsupported, .cancelled:
                return ShopFailure(.badGateway, "shop_failed", "The shop could not answer: \(detail)")
            }
        case .model, .missing:
            return ShopFailure(.badGateway, "shop_answer_unreadable", "The shop's answer could not be read: \(detail)")
        case .invalidArgument:
            return ShopFailure(.badRequest, "invalid_input", detail)
        }
    }

    static func from(_ error: LoginError, scrub: (String) -> String) -> ShopFailure {
        let detail = scrub(error.description)
        switch error {
        case .invalidCredentials: return ShopFailure(.unauthorized, "invalid_credentials", "Unknown email or wrong password.", field: "password")
        case .accountInactive: return ShopFailure(.forbidden, "account_inactive", detail)
        case .invalidEmail: return ShopFailure(.badRequest, "invalid_email", detail, field: "email")
        case .tooYoung, .birthdayInFuture: return ShopFailure(.badRequest, "invalid_birthday", detail, field: "birthday")
        case .cookieKeyRequired: return ShopFailure(.serviceUnavailable, "cookie_key_required", detail)
        case .lookupFailed: return ShopFailure(.badGateway, "shop_failed", detail)
        case .unsupportedHash, .bcryptUnavailable: return ShopFailure(.internalServerError, "login_unavailable", detail)
        }
    }

    var apiError: APIError { APIError(status, code, message) }
}

extension ShopServices {
    /// Runs a facade call; its failure becomes a ``ShopFailure`` without secrets.
    func ask<T>(_ body: () async throws(ShopError) -> T) async throws(ShopFailure) -> T {
        do throws(ShopError) {
            return try await body()
        } catch {
            throw ShopFailure.from(error, scrub: scrub)
        }
    }
}
