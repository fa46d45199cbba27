import Foundation
import OrderKit
import OrderTransport
import HTTPTransport
import WebCore

/// The agent's transport, refusing a company server on this machine or a private network unless
/// allowed: the agent's credentials go nowhere a stranger could have pointed them (``OutboundAddress``).
package struct CheckedCompanyTransport: CompanyTransport {
    let baseURL: URL
    let inner: any CompanyTransport
    let allowPrivate: Bool

    /// Without `allowPrivate`, each request is judged by ``OutboundAddress/current`` and connects
    /// to the address judged; the company transport follows no redirects (it answers them as
    /// they are), so the one address is the only one.
    package static func maker(allowPrivate: Bool) -> @Sendable (URL) -> any CompanyTransport {
        { url in
            let outbound: (any OutboundPolicy)? = allowPrivate ? nil : OutboundAddress.current
            let transport = HTTPCompanyTransport(baseURL: url, outbound: outbound)
            return CheckedCompanyTransport(baseURL: url, inner: transport, allowPrivate: allowPrivate)
        }
    }

    package func send(_ request: CompanyRequest) async throws -> CompanyResponse {
        guard baseURL.carriesCredentialsSafely else { throw AgentStoreError.insecureServer(baseURL.absoluteString) }
        return try await inner.send(request)
    }
}
