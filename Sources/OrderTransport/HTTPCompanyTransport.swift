import OrderKit
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `CompanyTransport` over AsyncHTTPClient, for `bottega` and the tests: the company's server
/// at `baseURL`, each request bounded by `timeout`.
public struct HTTPCompanyTransport: CompanyTransport {
    public let baseURL: URL
    public let client: HTTPClient
    public var timeout: TimeAmount

    /// The thesis's rule for sending (UC2): "se non si riceve risposta dal server entro 10 secondi
    /// la richiesta viene annullata".
    public static let answerTimeout = TimeAmount.seconds(10)

    public init(baseURL: URL, client: HTTPClient = .shared, timeout: TimeAmount = Self.answerTimeout) {
        self.baseURL = baseURL
        self.client = client
        self.timeout = timeout
    }

    public func send(_ request: CompanyRequest) async throws -> CompanyResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        var outgoing = HTTPClientRequest(url: base + request.path)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        var attempt = 0
        while true {
            let response: HTTPClientResponse
            let body: ByteBuffer
            do {
                response = try await client.execute(outgoing, timeout: timeout)
                // Answers are small JSON pages or receipts; 64 MB bounds a broken server.
                body = try await response.body.collect(upTo: 64 * 1024 * 1024)
            } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout].contains(error) {
                throw CompanyTransportFailure.noAnswer(host: host, milliseconds: Int(timeout.nanoseconds / 1_000_000))
            } catch let error as HTTPClientError where error == .remoteConnectionClosed {
                throw CompanyTransportFailure.connectionLost(host: host)
            } catch where Task.isCancelled {
                // The agent cancelled (the Sync screen's Cancel): whatever the client threw.
                throw CancellationError()
            } catch is NIOTooManyBytesError {
                throw CompanyTransportFailure.answerTooLarge(host: host)
            } catch {
                throw CompanyTransportFailure.unreachable(host: host)
            }
            // A company server whose password checks are queued full answers 503 and says when to
            // come back (Bottega's says 1 s). Every request here may be repeated: reads, and
            // orders under their idempotency key.
            if response.status == .serviceUnavailable, attempt < Self.busyRetries,
               let seconds = response.headers.first(name: "Retry-After").flatMap(Int.init), (0...Self.longestWait).contains(seconds) {
                attempt += 1
                try await Task.sleep(for: .seconds(seconds))
                continue
            }
            return CompanyResponse(status: Int(response.status.code), body: Array(buffer: body))
        }
    }

    /// How often a request is repeated after a 503 with `Retry-After`, and the longest wait
    /// honoured (a longer one is answered to the agent as the failure it is).
    /// `host:port` as the agent typed it, for messages.
    var host: String {
        guard let name = baseURL.host else { return baseURL.absoluteString }
        return baseURL.port.map { "\(name):\($0)" } ?? name
    }

    public static let busyRetries = 5
    public static let longestWait = 10
}
