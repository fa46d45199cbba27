import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Keeps the README's promise for every answer that is not a success: `{"error": {"code",
/// "message"}}` under `/api/`, an HTML page elsewhere — for unknown addresses (404), known
/// addresses asked with another method (405 with `Allow`), bodies over a limit (413), a busy
/// server (503 with `Retry-After`) and failures nobody foresaw (500). Every 4xx and 5xx is logged
/// with its method, route and status; never the body, and for a matched route its pattern rather
/// than the path, which may carry credentials (the Orders protocol puts a password there).
///
/// It also percent-decodes path parameters, so `/api/tickets/provinces/P%44` is province `PD`,
/// and binds the application's ``SlowWork`` and ``HeavyViews`` admissions for the handlers below it.
package struct PromisedErrorMiddleware: RouterMiddleware {
    package init(templates: Templates, routes: RouteTable, slowWork: SlowWork) {
        self.templates = templates
        self.routes = routes
        self.slowWork = slowWork
    }

    package typealias Context = WebRequestContext

    package let templates: Templates
    package let routes: RouteTable
    package let slowWork: SlowWork
    package var heavyViews = HeavyViews()

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        guard let parameters = Self.percentDecoded(context.parameters) else {
            return log(answer(failure: Refusal.malformedPath, request: request), request: request, context: context)
        }
        context.coreContext.parameters = parameters
        if let (name, _) = request.uri.queryParameters.first(where: { $0.value.count > InputLimits.queryValue }) {
            let failure = FieldTooLong(field: String(name.prefix(60)), limit: InputLimits.queryValue)
            return log(answer(failure: failure, request: request), request: request, context: context)
        }
        let response: Response
        do {
            response = try await SlowWork.$current.withValue(slowWork) {
                try await HeavyViews.$current.withValue(heavyViews) { try await next(request, context) }
            }
        } catch let error as PublicFailure {
            response = answer(failure: error, request: request)
        } catch let error as HTTPError {
            response = answer(httpError: error, request: request, context: context)
        } catch let error as HTTPParserError {
            // The body broke off mid-request (an invalid chunk size): the connection cannot carry
            // another request after it.
            var refusal = Refusal.malformedBody(error)
            refusal.headers[.connection] = "close"
            response = answer(failure: refusal, request: request)
        } catch is NIOTooManyBytesError {
            response = answer(failure: Refusal.bodyTooLarge, request: request)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            context.logger.error("\(request.method) \(Self.route(of: request, context)) failed: \(String(reflecting: type(of: error))): \(String(String(describing: error).prefix(300)))")
            response = answer(failure: Refusal.unforeseen, request: request)
        }
        return log(response, request: request, context: context)
    }

    private func log(_ response: Response, request: Request, context: Context) -> Response {
        let status = response.status.code
        guard status >= 400 else { return response }
        let line: Logger.Message = "\(request.method) \(Self.route(of: request, context)) → \(status)"
        if status >= 500 { context.logger.error(line) } else { context.logger.info(line) }
        return response
    }

    /// The matched route's pattern (`/api/tickets/provinces/{code}`), else the first segment of an
    /// unmatched path: enough to find the handler, without ids, tokens or passwords.
    package static func route(of request: Request, _ context: Context) -> String {
        if let pattern = matchedPattern(context) { return pattern }
        let first = request.uri.path.split(separator: "/").first.map { String($0.prefix(40)) } ?? ""
        return "/\(first)/… (no route)"
    }

    /// The route pattern the router matched; nil for none (Hummingbird names its not-found
    /// responder's path "NotFound").
    package static func matchedPattern(_ context: Context) -> String? {
        guard let pattern = context.endpointPath, pattern.hasPrefix("/") else { return nil }
        return pattern
    }

    /// Path parameters with their `%XX` escapes decoded; nil when an escape is not valid UTF-8.
    package static func percentDecoded(_ parameters: Parameters) -> Parameters? {
        guard parameters.contains(where: { $0.value.contains("%") }) else { return parameters }
        var decoded = Parameters()
        for (key, value) in parameters {
            guard let text = String(value).removingPercentEncoding else { return nil }
            decoded.append(key: key, value: text[...])
        }
        return decoded
    }

    private func answer(httpError: HTTPError, request: Request, context: Context) -> Response {
        if httpError.status == .notFound, Self.matchedPattern(context) == nil {
            let allowed = routes.methods(at: request.uri.path)
            if !allowed.isEmpty {
                return answer(failure: Refusal.methodNotAllowed(request.method, allowed: allowed), request: request)
            }
            return answer(failure: Refusal.noSuchAddress, request: request)
        }
        let message = httpError.body.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultMessage(httpError.status)
        return answer(failure: StatusFailure(status: httpError.status, message: message, headers: httpError.headers), request: request)
    }

    package func answer(failure: some PublicFailure, request: Request) -> Response {
        var headers = failure.headers
        let isAPI = request.uri.path.hasPrefix("/api/") || request.uri.path == "/api"
        if failure is LoginRequired, !isAPI, request.method == .get {
            headers[.location] = LoginRequired.loginLocation(returningTo: request)
            return Response(status: .seeOther, headers: headers)
        }
        let body: ByteBuffer
        if isAPI {
            headers[.contentType] = "application/json; charset=utf-8"
            body = ByteBuffer(bytes: Self.json(code: failure.code, message: failure.message))
        } else {
            headers[.contentType] = "text/html; charset=utf-8"
            body = ByteBuffer(string: templates.render("error", ErrorPage(status: failure.status, message: failure.message, back: "/")))
        }
        return Response(status: failure.status, headers: headers, body: .init(byteBuffer: body))
    }

    package static func json(code: String, message: String) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["error": ["code": code, "message": message]])) ?? Data()
    }

    package static func defaultMessage(_ status: HTTPResponse.Status) -> String {
        "\(status.reasonPhrase) (\(status.code))."
    }
}

/// A refusal whose every part is known where it is made.
private struct Refusal: PublicFailure {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var headers: HTTPFields = [:]

    static let malformedPath = Refusal(
        status: .badRequest, code: "bad_path", message: "The address holds a %-escape that is not UTF-8 text; check the link.")
    static let noSuchAddress = Refusal(
        status: .notFound, code: "not_found", message: "There is nothing at this address; check the link, or start from the home page.")
    static let bodyTooLarge = Refusal(
        status: .contentTooLarge, code: "too_large", message: "The request's body is larger than this address accepts; send less.")
    static let unforeseen = Refusal(
        status: .internalServerError, code: "internal",
        message: "Bottega failed on this request; it has been logged. Try again, and report it if it persists.")

    static func malformedBody(_ error: HTTPParserError) -> Refusal {
        Refusal(
            status: .badRequest, code: "malformed_request",
            message: "Bottega could not read this request's body: it is not valid HTTP/1.1 (\(error)). Check the program that sent it.")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> Refusal {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return Refusal(
            status: .methodNotAllowed, code: "method_not_allowed", message: "This address does not take \(method); it takes \(names).",
            headers: [.allow: names])
    }
}

/// Hummingbird's own `HTTPError`s (a missing parameter, a body that is not JSON) in the promised form.
private struct StatusFailure: PublicFailure {
    let status: HTTPResponse.Status
    let message: String
    let headers: HTTPFields

    var code: String {
        switch status {
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .notFound: "not_found"
        case .contentTooLarge: "too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        default: status.code >= 500 ? "internal" : "refused"
        }
    }
}
