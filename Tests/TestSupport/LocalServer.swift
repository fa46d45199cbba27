import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackServer
import NIOCore
import Synchronization

/// The tests' one HTTP server: real HTTP on 127.0.0.1 (a free port), answering every method
/// with a closure and keeping every request whole, so network code is tested without the
/// internet and a test can assert exactly what a client put on the wire.
public final class LocalServer: Sendable {
    /// Request bodies above this are refused (413): more than any test sends.
    public static let maxBodyBytes = 16 * 1_048_576

    private let log = Mutex<[Request]>([])
    private let reply: @Sendable (Request) async -> Reply

    public init(reply: @escaping @Sendable (Request) async -> Reply) {
        self.reply = reply
    }

    /// Answers by the URI and how many times it has been asked for, this request included.
    public convenience init(_ reply: @escaping @Sendable (_ uri: String, _ count: Int) -> Reply) {
        self.init(reply: { request in reply(request.uri, request.countForURI) })
    }

    /// Everything received so far, in arrival order.
    public var received: [Request] { log.withLock { $0 } }

    /// The same, for tests that read it between awaits.
    public func requests() async -> [Request] { received }

    /// How many requests asked for `path` (the query ignored), or how many there were in all.
    public func requestCount(path: String? = nil) async -> Int {
        received.filter { path == nil || $0.path == path }.count
    }

    /// Runs the server for the duration of `body`, passing its base URL (`http://127.0.0.1:PORT`).
    public func run<Result: Sendable>(_ body: (URL) async throws -> Result) async throws -> Result {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in try await self.respond(to: request) }
        return try await LoopbackServer.serveOnFreePort({ onServerRunning in
            Application(
                responder: responder,
                configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                logger: Self.quietLogger
            )
        }) { port in
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    /// A server answering with `reply`, running for the duration of `body`, which gets the server.
    public static func run<Result: Sendable>(
        _ reply: @escaping @Sendable (Request) async -> Reply, body: (Running) async throws -> Result
    ) async throws -> Result {
        let server = LocalServer(reply: reply)
        return try await server.run { base in try await body(Running(server: server, baseURL: base)) }
    }

    /// A running server and its address.
    public struct Running: Sendable {
        public let server: LocalServer
        /// `http://127.0.0.1:PORT`, without a trailing slash.
        public let baseURL: URL

        /// `baseURL` followed by `pathAndQuery` ("/authors?search=x").
        public func url(_ pathAndQuery: String) -> URL { URL(string: baseURL.absoluteString + pathAndQuery)! }
        public func requests() async -> [Request] { server.received }
        public func requestCount(path: String? = nil) async -> Int { await server.requestCount(path: path) }
    }

    /// Cancelling the server at the end of a test makes Hummingbird log a harmless "already
    /// closed"; only real trouble should reach the test output.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "local-test-server")
        logger.logLevel = .critical
        return logger
    }()

    private func respond(to request: Hummingbird.Request) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: Self.maxBodyBytes)
        let seen = log.withLock { log -> Request in
            let uri = request.uri.description
            let count = log.filter { $0.uri == uri }.count + 1
            let seen = Request(
                method: request.method.rawValue, uri: uri, headers: request.headers.map { (name: $0.name.rawName, value: $0.value) },
                body: Array(body.readableBytesView), at: .now, countForURI: count, authority: request.head.authority)
            log.append(seen)
            return seen
        }
        let answer = await reply(seen)
        if answer.delay > .zero { try? await Task.sleep(for: answer.delay) }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(status: .init(code: answer.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
