import AsyncHTTPClient
import Foundation
import HTTPTransport
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` over AsyncHTTPClient: the one HTTP client stack of `bottega` (Scholar's
/// sources, the PrestaShop webservice, the agent's company server) and of the tests.
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let client: HTTPClient
    private let ownsClient: Bool
    /// The client's configuration, from which a request pinned to one address gets its own.
    private let configuration: HTTPClient.Configuration

    /// A transport of its own, to be shut down (``shutdown()``, or use ``with(proxy:decompressionLimit:_:)``).
    /// Redirects are never followed: the caller sees each one (Scholar's `/sorry/` page is one).
    /// A refused connection fails at once rather than being retried until the deadline, so a
    /// server that is down reads as "connection refused", not as a timeout.
    public init(proxy: (host: String, port: Int)? = nil, decompressionLimit: Int? = nil) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            decompression: decompressionLimit.map { .enabled(limit: .size($0)) } ?? .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        if let proxy { configuration.proxy = .server(host: proxy.host, port: proxy.port) }
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        ownsClient = true
        self.configuration = configuration
    }

    private init(sharedClient: HTTPClient, configuration: HTTPClient.Configuration) {
        client = sharedClient
        ownsClient = false
        self.configuration = configuration
    }

    /// The process-wide transport, never shut down (like `HTTPClient.shared`), with no
    /// decompression and no proxy.
    public static let shared: AsyncHTTPClientTransport = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        return AsyncHTTPClientTransport(
            sharedClient: HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration), configuration: configuration)
    }()

    /// Runs `body` with a transport of its own and shuts it down afterwards, whether `body` throws or not.
    public static func with<Result>(
        proxy: (host: String, port: Int)? = nil, decompressionLimit: Int? = nil, _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        let transport = AsyncHTTPClientTransport(proxy: proxy, decompressionLimit: decompressionLimit)
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    public func shutdown() async throws {
        if ownsClient { try await client.shutdown() }
    }

    /// A request with a ``HTTPTransportRequest/connectAddress`` goes over a client of its own whose
    /// `dnsOverride` maps the URL's host to that address: AsyncHTTPClient then connects to the
    /// address while the `Host` header, the TLS SNI and the certificate check keep the name (its
    /// `dnsOverride` exists for this; the configuration is per client, not per request, and a
    /// client of the transport's own must not be pinned for everyone). It offers no hook to see a
    /// connection's remote address, so checking the connected socket is not an option.
    public func send(_ request: HTTPTransportRequest) async throws(HTTPTransportFailure) -> HTTPTransportResponse {
        guard let address = request.connectAddress, let host = request.url.host, !host.isEmpty else {
            return try await send(request, on: client)
        }
        // A literal address in the URL is connected to as it is, without a lookup.
        if let literal = try? SocketAddress(ipAddress: Self.withoutBrackets(host), port: 0), literal.ipAddress == (try? SocketAddress(ipAddress: address, port: 0))?.ipAddress {
            return try await send(request, on: client)
        }
        var pinnedConfiguration = configuration
        pinnedConfiguration.dnsOverride = [host: address]
        let pinned = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: pinnedConfiguration)
        let outcome: Result<HTTPTransportResponse, HTTPTransportFailure>
        do throws(HTTPTransportFailure) {
            outcome = .success(try await send(request, on: pinned))
        } catch {
            outcome = .failure(error)
        }
        try? await pinned.shutdown()
        return try outcome.get()
    }

    private static func withoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The whole exchange is raced against the timeout: AsyncHTTPClient's own deadline covers
    /// the response head only, and a server that sends its body slowly must not hold the caller.
    private func send(_ request: HTTPTransportRequest, on client: HTTPClient) async throws(HTTPTransportFailure) -> HTTPTransportResponse {
        var prepared = HTTPClientRequest(url: request.url.absoluteString)
        prepared.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { prepared.headers.add(name: header.name, value: header.value) }
        if let body = request.body { prepared.body = .bytes(ByteBuffer(bytes: body)) }
        let (outgoing, timeout) = (prepared, request.timeout)
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        do {
            return try await withExchangeTimeout(timeout) { try await Self.perform(outgoing, on: client, deadline: deadline, request: request) }
        } catch let failure as HTTPTransportFailure {
            throw failure
        } catch {
            throw Task.isCancelled ? .cancelled : .unreachable(reason: Self.plainWords(error))
        }
    }

    private static func perform(
        _ outgoing: HTTPClientRequest, on client: HTTPClient, deadline: NIODeadline, request: HTTPTransportRequest
    ) async throws(HTTPTransportFailure) -> HTTPTransportResponse {
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch {
            throw failure(error, duringBody: false, request: request)
        }
        var body: [UInt8] = []
        if request.expectsBody {
            do {
                body = Array(buffer: try await response.body.collect(upTo: request.maximumBodyBytes))
            } catch is NIOTooManyBytesError {
                throw .tooLarge(limit: request.maximumBodyBytes)
            } catch {
                throw failure(error, duringBody: true, request: request)
            }
        }
        return HTTPTransportResponse(status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) }, body: body)
    }

    private static func failure(_ error: any Error, duringBody: Bool, request: HTTPTransportRequest) -> HTTPTransportFailure {
        if let client = error as? HTTPClientError {
            if [.readTimeout, .connectTimeout, .deadlineExceeded].contains(client) { return .timedOut(after: request.timeout) }
            if client == .remoteConnectionClosed {
                return .connectionLost(reason: "the server closed the connection before answering", duringBody: duringBody)
            }
        }
        if error is CancellationError || Task.isCancelled { return .cancelled }
        if duringBody { return .connectionLost(reason: plainWords(error), duringBody: true) }
        return .unreachable(reason: plainWords(error))
    }

    /// A network failure in a person's words ("connection refused"), never a library's dump
    /// ("connection reset (error set): Connection refused (errno: 111)").
    static func plainWords(_ error: any Error) -> String {
        if let io = error as? IOError { return plainWords(errno: io.errnoCode) }
        if let http = error as? HTTPClientError {
            if http == .remoteConnectionClosed { return "the server closed the connection before answering" }
            if [.invalidURL, .emptyHost, .emptyScheme].contains(http) { return "the address is not a valid http(s) URL" }
        }
        let text = String(describing: error)
        // NIO's connection error lists one failure per address tried; the errno is what matters.
        if let range = text.range(of: #"errno: (\d+)"#, options: .regularExpression),
           let code = Int32(text[range].dropFirst("errno: ".count)) {
            return plainWords(errno: code)
        }
        if text.contains("dns") || text.contains("DNS") { return "the server's name could not be resolved" }
        return "the connection failed"
    }

    static func plainWords(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ECONNRESET: "the connection was reset"
        case ENETUNREACH: "the network is unreachable"
        case EHOSTUNREACH: "the host is unreachable"
        case ETIMEDOUT: "the connection timed out"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
