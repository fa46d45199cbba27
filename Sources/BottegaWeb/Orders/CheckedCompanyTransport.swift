import Foundation
import OrderKit
import OrderTransport

/// The agent's transport, refusing a company server on this machine or a private network unless
/// allowed: the agent's credentials go nowhere a stranger could have pointed them (``OutboundAddress``).
struct CheckedCompanyTransport: CompanyTransport {
    let baseURL: URL
    let inner: any CompanyTransport
    let allowPrivate: Bool

    static func maker(allowPrivate: Bool) -> @Sendable (URL) -> any CompanyTransport {
        { url in
            let transport = HTTPCompanyTransport(baseURL: url)
            return CheckedCompanyTransport(baseURL: url, inner: transport, allowPrivate: allowPrivate)
        }
    }

    func send(_ request: CompanyRequest) async throws -> CompanyResponse {
        guard baseURL.carriesCredentialsSafely else { throw AgentStoreError.insecureServer(baseURL.absoluteString) }
        if !allowPrivate {
            do throws(OutboundAddress.Refused) {
                try OutboundAddress.check(baseURL)
            } catch {
                throw CompanyTransportFailure.refusedAddress(host: error.host)
            }
        }
        return try await inner.send(request)
    }
}
