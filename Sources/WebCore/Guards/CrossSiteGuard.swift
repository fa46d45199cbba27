import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a state-changing request (POST, PUT, PATCH, DELETE) that a browser sent on behalf of
/// another site: `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this server's. A form
/// posted from evil.example deleted a search, changed the agent's details and logged a browser in
/// as someone else before. Browsers send these headers on every such request, forms included;
/// clients that are not browsers (curl, the agent's app) send neither and are not affected.
package struct CrossSiteGuard: RouterMiddleware {
    package typealias Context = WebRequestContext

    package static let stateChanging: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]

    /// `--public-url`'s origin (`https://bottega.example.com`), lowercased, without a path.
    package let publicOrigin: String?

    package init(publicURL: URL? = nil) {
        publicOrigin = publicURL.flatMap(Self.origin(of:))
    }

    /// The origin a browser sends for pages at `url`: scheme, host and a port other than the scheme's.
    package static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
        return "\(scheme)://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)\(port)"
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.stateChanging.contains(request.method), let reason = Self.crossSite(request, publicOrigin: publicOrigin) {
            throw CrossSiteRefusal(reason: reason)
        }
        return try await next(request, context)
    }

    /// Why `request` comes from another site, or nil when it does not (or cannot tell). A browser
    /// that sends `Sec-Fetch-Site` says where the request comes from itself; only older ones are
    /// judged by their `Origin` against the `Host` they asked.
    package static func crossSite(_ request: Request, publicOrigin: String? = nil) -> String? {
        if let site = request.headers[.secFetchSite]?.lowercased() {
            return site == "same-origin" || site == "none" ? nil : "the browser says it comes from another site (\(site.prefix(20)))"
        }
        guard let origin = request.headers[.origin] else { return nil }
        if let publicOrigin, origin.lowercased() == publicOrigin { return nil }
        // "null" is what a sandboxed or file page sends: not this server either.
        guard let host = request.head.authority, origin.lowercased() == "http://\(host.lowercased())" || origin.lowercased() == "https://\(host.lowercased())" else {
            return "it comes from \(origin.prefix(100)), not from this server"
        }
        return nil
    }
}

package struct CrossSiteRefusal: PublicFailure {
    package init(reason: String) {
        self.reason = reason
    }

    package let reason: String

    package var status: HTTPResponse.Status { .forbidden }
    package var code: String { "cross_site" }
    package var message: String { "This request was refused because \(reason): a page on another site cannot act here on your behalf. Use Bottega's own pages." }
}

extension HTTPField.Name {
    package static let secFetchSite = Self("Sec-Fetch-Site")!
}
