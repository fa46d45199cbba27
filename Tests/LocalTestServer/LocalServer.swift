import Foundation
import Synchronization
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A real HTTP server on 127.0.0.1 (a free port), answering with a closure, and counting
/// what it was asked: the network tests speak real HTTP without touching the internet.
public final class LocalServer: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        /// Waited before answering, to provoke timeouts.
        public var delay: Duration

        public init(status: Int = 200, headers: [String: String] = [:], body: String = "", delay: Duration = .zero) {
            self.init(status: status, headers: headers, bytes: Array(body.utf8), delay: delay)
        }

        public init(status: Int = 200, headers: [String: String] = [:], bytes: [UInt8], delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = bytes
            self.delay = delay
        }

        /// A file's bytes, or a 404 saying which file is missing.
        public static func file(_ url: URL, headers: [String: String] = [:]) -> Reply {
            guard let data = try? Data(contentsOf: url) else { return Reply(status: 404, body: "no fixture \(url.path)") }
            return Reply(headers: headers, bytes: Array(data))
        }
    }

    public struct Hit: Sendable {
        public let uri: String
        public let at: ContinuousClock.Instant
        public let userAgent: String?
    }

    private let hits = Mutex<[Hit]>([])
    public let reply: @Sendable (_ uri: String, _ count: Int) -> Reply

    public init(reply: @escaping @Sendable (_ uri: String, _ count: Int) -> Reply) {
        self.reply = reply
    }

    /// Cancelling the server at the end of a test makes Hummingbird log a harmless
    /// "already closed"; only real trouble should reach the test output.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "local-test-server")
        logger.logLevel = .critical
        return logger
    }()

    public var received: [Hit] { hits.withLock { $0 } }

    /// Runs the server for the duration of `body`, passing its base URL.
    public func run(_ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { request, _ -> Response in
            let uri = request.uri.description
            let count = self.hits.withLock {
                $0.append(Hit(uri: uri, at: .now, userAgent: request.headers[.userAgent]))
                return $0.filter { $0.uri == uri }.count
            }
            let reply = self.reply(uri, count)
            if reply.delay > .zero { try? await Task.sleep(for: reply.delay) }
            return reply.response
        }
        try await serveOnFreePort(router, logger: Self.quietLogger, body)
    }
}
