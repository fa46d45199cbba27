import HTTPTypes
import Hummingbird

/// Headers every answer carries, pages, API, files and errors alike:
/// - a Content-Security-Policy allowing only this server's own scripts, styles and images (and
///   `data:` images: a scanned photo is shown back inline), no plugins, no `<base>`, forms posting
///   only here, and no framing (clickjacking);
/// - `nosniff`, so an upload or a text answer is never run as a script;
/// - `Referrer-Policy: same-origin`, so no address (a search, a token) leaks to another site;
/// - `Strict-Transport-Security` when the public address is https or the request came over HTTPS
///   (``WebRequestContext/cameOverHTTPS``), so a browser never again tries the site over plain
///   HTTP, where a network in between could read or change it;
/// - `Cache-Control: no-store` on every answer but the static files (`/static/…`, the same for
///   everyone) and those whose route chose its own caching (a rendered barcode, a shop image):
///   pages carry the account's name and data, and a shared computer's cache or the back button
///   after logging out must not show them to the next person.
///
/// The templates have no inline script, style or event handler, which is what lets the policy
/// leave out `'unsafe-inline'`.
package struct SecurityHeadersMiddleware: RouterMiddleware {
    package init(publicURLIsHTTPS: Bool = false) {
        self.publicURLIsHTTPS = publicURLIsHTTPS
    }

    package typealias Context = WebRequestContext

    package static let contentSecurityPolicy = [
        "default-src 'self'", "img-src 'self' data:", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    package static let headers: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, contentSecurityPolicy),
        (.xContentTypeOptions, "nosniff"),
        (.referrerPolicy, "same-origin"),
        (.xFrameOptions, "DENY"),
    ]

    /// A year (RFC 6797 §6.1.1); no `includeSubDomains`, as the deployer's other names are not ours.
    package static let strictTransportSecurity = "max-age=31536000"

    /// `--public-url` is https: every answer carries HSTS, whatever the proxy says.
    package var publicURLIsHTTPS = false

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in Self.headers where response.headers[name] == nil {
            response.headers[name] = value
        }
        if publicURLIsHTTPS || context.cameOverHTTPS {
            response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
        }
        if response.headers[.cacheControl] == nil, !request.uri.path.hasPrefix("/static/") {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

extension HTTPField.Name {
    package static let contentSecurityPolicy = Self("Content-Security-Policy")!
    package static let xContentTypeOptions = Self("X-Content-Type-Options")!
    package static let referrerPolicy = Self("Referrer-Policy")!
    package static let xFrameOptions = Self("X-Frame-Options")!
    package static let strictTransportSecurity = Self("Strict-Transport-Security")!
}
