import HTTPTypes
import Hummingbird

/// Headers every answer carries, pages, API, files and errors alike:
/// - a Content-Security-Policy allowing only this server's own scripts, styles and images (and
///   `data:` images: a scanned photo is shown back inline), no plugins, no `<base>`, forms posting
///   only here, and no framing (clickjacking);
/// - `nosniff`, so an upload or a text answer is never run as a script;
/// - `Referrer-Policy: same-origin`, so no address (a search, a token) leaks to another site.
///
/// The templates have no inline script, style or event handler, which is what lets the policy
/// leave out `'unsafe-inline'`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext

    static let contentSecurityPolicy = [
        "default-src 'self'", "img-src 'self' data:", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let headers: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, contentSecurityPolicy),
        (.xContentTypeOptions, "nosniff"),
        (.referrerPolicy, "same-origin"),
        (.xFrameOptions, "DENY"),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in Self.headers where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}
