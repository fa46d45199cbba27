import Hummingbird
import Logging
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

    /// What went wrong on the shop's side is the administrator's business: the shopper is
    /// told what it means for them, the details (the request, the shop's error, the key
    /// refused) go to the server's log.
    static let log = Logger(label: "bottega.shop")

    private static func forTheAdministrator(_ code: String, _ detail: String) {
        log.warning("shop failure", metadata: ["code": "\(code)", "detail": "\(detail)"])
    }

    /// A facade error in the visitor's terms; `scrub` removes secrets from the shop's texts.
    static func from(_ error: ShopError, scrub: (String) -> String) -> ShopFailure {
        let detail = scrub(error.errorDescription ?? "\(error)")
        let failure: ShopFailure
        switch error {
        case .webservice(let webservice):
            switch webservice {
            case .notFound:
                return ShopFailure(.notFound, "not_found", "The shop has no such record (it may have been removed).")
            case .timeout:
                failure = ShopFailure(.gatewayTimeout, "shop_timeout", "The shop did not answer in time; try again in a moment.")
            case .connectionFailed:
                failure = ShopFailure(.badGateway, "shop_unreachable", "The shop cannot be reached right now; try again in a few minutes.")
            case .notWebservice:
                failure = ShopFailure(.badGateway, "shop_not_webservice", "The shop is not available right now (it may be under maintenance); try again later.")
            case .truncatedBody:
                failure = ShopFailure(.badGateway, "shop_answer_cut", "The shop's answer arrived incomplete; try again.")
            case .unauthorized, .forbidden:
                failure = ShopFailure(.badGateway, "shop_refused_key", "The shop is not available right now; its administrator can see why in the server's log.")
            case .invalidRequest:
                return ShopFailure(.badRequest, "invalid_request", detail)
            case .badRequest, .methodNotAllowed, .serverError, .unavailable, .unexpectedStatus, .notAnImage, .unsupported, .cancelled:
                failure = ShopFailure(.badGateway, "shop_failed", "The shop could not answer; try again in a moment.")
            }
        case .model, .missing:
            failure = ShopFailure(.badGateway, "shop_answer_unreadable", "The shop's answer could not be read; try again later.")
        case .invalidArgument:
            return ShopFailure(.badRequest, "invalid_input", detail)
        }
        forTheAdministrator(failure.code, detail)
        return failure
    }

    static func from(_ error: LoginError, scrub: (String) -> String) -> ShopFailure {
        let detail = scrub(error.description)
        switch error {
        case .invalidCredentials: return ShopFailure(.unauthorized, "invalid_credentials", "Unknown email or wrong password.", field: "password")
        case .accountInactive: return ShopFailure(.forbidden, "account_inactive", detail)
        case .invalidEmail: return ShopFailure(.badRequest, "invalid_email", detail, field: "email")
        case .tooYoung, .birthdayInFuture: return ShopFailure(.badRequest, "invalid_birthday", detail, field: "birthday")
        case .cookieKeyRequired:
            forTheAdministrator("cookie_key_required", detail)
            return ShopFailure(.serviceUnavailable, "cookie_key_required", "Logging in to this account is not possible right now; the shop's administrator can see why in the server's log.")
        case .lookupFailed:
            forTheAdministrator("shop_failed", detail)
            return ShopFailure(.badGateway, "shop_failed", "The shop could not check the login; try again in a moment.")
        case .unsupportedHash, .bcryptUnavailable:
            forTheAdministrator("login_unavailable", detail)
            return ShopFailure(.internalServerError, "login_unavailable", "Logging in to this account is not possible right now; the shop's administrator can see why in the server's log.")
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
