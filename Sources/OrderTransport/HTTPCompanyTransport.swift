import Foundation
import HTTPClientTransport
import HTTPTransport
import OrderKit

/// `CompanyTransport` over an ``HTTPTransport`` (AsyncHTTPClient's shared one by default), for
/// `bottega` and the tests: the company's server at `baseURL`, each request bounded by `timeout`.
public struct HTTPCompanyTransport: CompanyTransport {
    public let baseURL: URL
    public let http: any HTTPTransport
    public var timeout: Duration
    /// Judges the server's address before each request and names the address to connect to
    /// (``OutboundPolicy``); `nil` connects wherever the name resolves.
    public var outbound: (any OutboundPolicy)?

    /// The thesis's rule for sending (UC2): "se non si riceve risposta dal server entro 10 secondi
    /// la richiesta viene annullata".
    public static let answerTimeout = Duration.seconds(10)

    /// Answers are small JSON pages or receipts; 64 MB bounds a broken server.
    static let maximumBodyBytes = 64 * 1024 * 1024

    public init(
        baseURL: URL, http: any HTTPTransport = AsyncHTTPClientTransport.shared, timeout: Duration = Self.answerTimeout,
        outbound: (any OutboundPolicy)? = nil
    ) {
        self.baseURL = baseURL
        self.http = http
        self.timeout = timeout
        self.outbound = outbound
    }

    public func send(_ request: CompanyRequest) async throws -> CompanyResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: base + request.path) else { throw CompanyTransportFailure.unreachable(host: host) }
        var connectAddress: String?
        if let outbound {
            do throws(OutboundRefusal) {
                connectAddress = try outbound.destination(for: url)
            } catch {
                throw CompanyTransportFailure.refusedAddress(host: error.host)
            }
        }
        var outgoing = HTTPTransportRequest(
            method: request.method, url: url, headers: request.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }, body: request.body,
            timeout: timeout, maximumBodyBytes: Self.maximumBodyBytes)
        outgoing.connectAddress = connectAddress
        var attempt = 0
        while true {
            let response: HTTPTransportResponse
            do throws(HTTPTransportFailure) {
                response = try await http.send(outgoing)
            } catch {
                switch error {
                case .timedOut: throw CompanyTransportFailure.noAnswer(host: host, milliseconds: Int(timeout / .milliseconds(1)))
                case .connectionLost: throw CompanyTransportFailure.connectionLost(host: host)
                // The agent cancelled (the Sync screen's Cancel).
                case .cancelled: throw CancellationError()
                case .tooLarge: throw CompanyTransportFailure.answerTooLarge(host: host)
                case .unreachable: throw Task.isCancelled ? CancellationError() : CompanyTransportFailure.unreachable(host: host)
                }
            }
            // A company server whose password checks are queued full answers 503 and says when to
            // come back (Bottega's says 1 s). Every request here may be repeated: reads, and
            // orders under their idempotency key.
            if response.status == 503, attempt < Self.busyRetries,
               let seconds = response.header("Retry-After").flatMap(Int.init), (0...Self.longestWait).contains(seconds) {
                attempt += 1
                try await Task.sleep(for: .seconds(seconds))
                continue
            }
            return CompanyResponse(status: response.status, body: response.body)
        }
    }

    /// `host:port` as the agent typed it, for messages.
    var host: String {
        guard let name = baseURL.host else { return baseURL.absoluteString }
        return baseURL.port.map { "\(name):\($0)" } ?? name
    }

    /// How often a request is repeated after a 503 with `Retry-After`, and the longest wait
    /// honoured (a longer one is answered to the agent as the failure it is).
    public static let busyRetries = 5
    public static let longestWait = 10
}
