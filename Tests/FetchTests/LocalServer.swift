import Foundation
import Synchronization
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A real HTTP server on 127.0.0.1 (a free port), answering with a closure, and counting
/// what it was asked: the network tests speak real HTTP without touching the internet.
final class LocalServer: Sendable {
    struct Reply: Sendable {
        var status: Int = 200
        var headers: [String: String] = [:]
        var body: String = ""
        /// Waited before answering, to provoke timeouts.
        var delay: Duration = .zero
    }

    struct Hit: Sendable {
        let uri: String
        let at: ContinuousClock.Instant
        let userAgent: String?
    }

    private let hits = Mutex<[Hit]>([])
    let reply: @Sendable (_ uri: String, _ count: Int) -> Reply

    init(reply: @escaping @Sendable (_ uri: String, _ count: Int) -> Reply) {
        self.reply = reply
    }

    /// Cancelling the server at the end of a test makes Hummingbird log a harmless
    /// "already closed"; only real trouble should reach the test output.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "local-test-server")
        logger.logLevel = .critical
        return logger
    }()

    var received: [Hit] { hits.withLock { $0 } }

    /// Runs the server for the duration of `body`, passing its base URL.
    func run(_ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("**") { request, _ -> Response in
            let uri = request.uri.description
            let count = self.hits.withLock {
                $0.append(Hit(uri: uri, at: .now, userAgent: request.headers[.userAgent]))
                return $0.filter { $0.uri == uri }.count
            }
            let reply = self.reply(uri, count)
            if reply.delay > .zero { try? await Task.sleep(for: reply.delay) }
            var headers = HTTPFields()
            for (name, value) in reply.headers {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
            return Response(status: .init(code: reply.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: reply.body)))
        }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Self.quietLogger
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let base = URL(string: "http://127.0.0.1:\(port)") else {
                group.cancelAll()
                return
            }
            do {
                try await body(base)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}
