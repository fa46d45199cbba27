import DedicatedExecutor
import Foundation
import Hummingbird

/// One request as the fixture server saw it.
struct FixtureRequest: Sendable, CustomStringConvertible {
    var method: String
    var path: String
    /// The query exactly as sent, still percent-encoded ("" when there is none).
    var rawQuery: String
    /// Query parameters, percent-decoded; a repeated name keeps its last value.
    var query: [String: String]
    /// Header names lowercased.
    var headers: [String: String]

    var description: String { rawQuery.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(rawQuery)" }
}

/// What the fixture server answers.
struct FixtureReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    init(status: Int = 200, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FixtureReply {
        FixtureReply(status: status, headers: headers.merging(["content-type": "application/json"]) { own, _ in own }, body: Array(text.utf8))
    }

    /// JSON bytes, e.g. a fixture file read with `Fixtures.data`.
    static func json(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> FixtureReply {
        FixtureReply(status: status, headers: headers.merging(["content-type": "application/json"]) { own, _ in own }, body: Array(data))
    }

    /// An HTML body (a saved Scholar page).
    static func html(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> FixtureReply {
        FixtureReply(status: status, headers: headers.merging(["content-type": "text/html; charset=utf-8"]) { own, _ in own }, body: Array(data))
    }

    /// A status with a short plain-text body.
    static func status(_ status: Int, _ text: String = "", headers: [String: String] = [:]) -> FixtureReply {
        FixtureReply(status: status, headers: headers.merging(["content-type": "text/plain"]) { own, _ in own }, body: Array(text.utf8))
    }
}

/// A real HTTP server on 127.0.0.1 (an OS-chosen port) for network tests: every request goes
/// to one handler, which decides the answer from the path and query; every request is logged.
///
///     try await FixtureServer.run { request in
///         request.path == "/authors" ? .json(try! Fixtures.data("…")) : .status(404)
///     } body: { server in
///         … server.url("/authors?search=x") …
///         #expect(await server.requestCount(path: "/authors") == 1)
///     }
///
/// `run` stops the server when `body` returns or throws.
struct FixtureServer: Sendable {
    typealias Handler = @Sendable (FixtureRequest) async -> FixtureReply

    let port: Int
    private let log: RequestLog

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// `baseURL` followed by `pathAndQuery` ("/authors?search=x").
    func url(_ pathAndQuery: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")! }

    /// Every request so far, oldest first.
    func requests() async -> [FixtureRequest] { await log.all }

    /// How many requests asked for `path` (the query ignored).
    func requestCount(path: String) async -> Int { await log.all.filter { $0.path == path }.count }

    /// How many requests there were in all.
    func requestCount() async -> Int { await log.all.count }

    static func run<Result: Sendable>(
        _ handler: @escaping Handler,
        body: (FixtureServer) async throws -> Result
    ) async throws -> Result {
        let log = RequestLog()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let seen = FixtureRequest(request)
            await log.record(seen)
            let reply = await handler(seen)
            var headers = HTTPFields()
            for (name, value) in reply.headers {
                if let field = HTTPFields.Element.Name(name) { headers[field] = value }
            }
            return Response(
                status: HTTPResponse.Status(code: reply.status),
                headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
            )
        }
        var app = Application(
            responder: responder,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }
        )
        // Cancelling the server (how `run` stops it) logs an error per open connection; keep tests quiet.
        app.logger.logLevel = .critical
        // On threads of its own: a test holding the shared pool must not silence the server.
        let serverTask = Task(executorPreference: DedicatedExecutor.shared) {
            // Ends the port stream too when the server cannot start, so `run` does not hang.
            defer { portContinuation.finish() }
            try await app.run()
        }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            serverTask.cancel()
            _ = await serverTask.result
            throw FixtureServerError.didNotStart
        }
        let server = FixtureServer(port: port, log: log)
        do {
            let result = try await body(server)
            // Cancelling the task that runs the application shuts its service group down.
            serverTask.cancel()
            _ = await serverTask.result
            return result
        } catch {
            serverTask.cancel()
            _ = await serverTask.result
            throw error
        }
    }
}

enum FixtureServerError: Error {
    case didNotStart
}

private actor RequestLog {
    private(set) var all: [FixtureRequest] = []

    func record(_ request: FixtureRequest) { all.append(request) }
}

extension FixtureRequest {
    init(_ request: Request) {
        method = request.method.rawValue
        path = request.uri.path
        rawQuery = request.uri.query ?? ""
        var query: [String: String] = [:]
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            query[name] = value
        }
        self.query = query
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        self.headers = headers
    }
}
