import Foundation

/// One HTTP request and its answer, whole: how the Kits reach a server without knowing what
/// carries the bytes. `bottega` and the tests use AsyncHTTPClient (the HTTPClientTransport
/// target); an iOS app can implement it with URLSession.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the status, headers and whole body, whatever the status; a
    /// redirect is returned, not followed. Throws when no whole answer came in `request.timeout`.
    func send(_ request: HTTPTransportRequest) async throws(HTTPTransportFailure) -> HTTPTransportResponse
}

public struct HTTPTransportRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?
    /// The longest the whole exchange may take, connecting to the last byte of the body.
    public var timeout: Duration
    /// Answers with a larger body fail with ``HTTPTransportFailure/tooLarge(limit:)``.
    public var maximumBodyBytes: Int
    /// The IP address to connect to instead of looking the URL's host up again: the one an
    /// ``OutboundPolicy`` judged. The `Host` header and the TLS name (SNI, the certificate check)
    /// stay the URL's. A transport that cannot connect to a given address must fail rather than
    /// resolve the name itself, or a name that answers differently the second time (DNS
    /// rebinding) reaches an address nobody judged.
    public var connectAddress: String?
    /// HEAD answers carry no body, whatever their `Content-Length` says.
    public var expectsBody: Bool { method != "HEAD" }

    public init(
        method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
        timeout: Duration, maximumBodyBytes: Int, connectAddress: String? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.connectAddress = connectAddress
    }
}

public struct HTTPTransportResponse: Sendable {
    public var status: Int
    /// In the order the server sent them, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header named `name`, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no whole answer came, in words a person can read (never a library's dump).
public enum HTTPTransportFailure: Error, Sendable, Equatable {
    /// No connection: refused, the name does not resolve, the network is down. `reason` says
    /// which ("connection refused").
    case unreachable(reason: String)
    /// The server closed the connection before the whole answer arrived; `duringBody` when the
    /// head had come, so what arrived is a cut answer.
    case connectionLost(reason: String, duringBody: Bool)
    /// No whole answer within the request's timeout.
    case timedOut(after: Duration)
    /// The body is larger than the request allows; it was not read.
    case tooLarge(limit: Int)
    /// The task waiting for the answer was cancelled.
    case cancelled
}

/// Runs one exchange against its timeout, whichever ends first, and returns as soon as one
/// does: a timeout is ``HTTPTransportFailure/timedOut(after:)``, the caller's cancellation
/// ``HTTPTransportFailure/cancelled``, and the exchange left behind is cancelled without being
/// waited for (a library slow to let go of a cancelled request, as URLSession on a busy Linux
/// machine is, must not stretch the timeout). Every transport bounds the whole exchange this way.
public func withExchangeTimeout(
    _ timeout: Duration, _ exchange: @escaping @Sendable () async throws -> HTTPTransportResponse
) async throws -> HTTPTransportResponse {
    let race = ExchangeRace()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPTransportResponse, any Error>) in
            let work = Task {
                do {
                    race.finish(.success(try await exchange()))
                } catch {
                    race.finish(.failure(error))
                }
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                race.finish(.failure(HTTPTransportFailure.timedOut(after: timeout)))
            }
            race.start(continuation) {
                work.cancel()
                timer.cancel()
            }
        }
    } onCancel: {
        race.finish(.failure(HTTPTransportFailure.cancelled))
    }
}

/// The first outcome of an exchange and its timer, handed to the waiting caller once; the
/// loser's outcome is dropped. A lock, not an actor: it is settled from cancellation handlers.
private final class ExchangeRace: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?
    private var outcome: Result<HTTPTransportResponse, any Error>?
    private var stop: (@Sendable () -> Void)?

    func start(_ continuation: CheckedContinuation<HTTPTransportResponse, any Error>, stop: @escaping @Sendable () -> Void) {
        let settled = lock.withLock { () -> Result<HTTPTransportResponse, any Error>? in
            if let outcome { return outcome }
            self.continuation = continuation
            self.stop = stop
            return nil
        }
        if let settled {
            stop()
            continuation.resume(with: settled)
        }
    }

    func finish(_ result: Result<HTTPTransportResponse, any Error>) {
        let (waiting, stop) = lock.withLock { () -> (CheckedContinuation<HTTPTransportResponse, any Error>?, (@Sendable () -> Void)?) in
            guard outcome == nil else { return (nil, nil) }
            outcome = result
            defer {
                continuation = nil
                self.stop = nil
            }
            return (continuation, self.stop)
        }
        stop?()
        waiting?.resume(with: result)
    }
}
