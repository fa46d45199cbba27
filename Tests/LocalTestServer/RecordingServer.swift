import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A real HTTP server on 127.0.0.1 (a free port) that keeps every request whole — method,
/// URI, headers in order and body bytes — for tests that must assert exactly what a client
/// put on the wire (multipart uploads, write bodies, the pages of a paged list). Every
/// method reaches the same closure; ``LocalServer`` only answers GETs and keeps URIs.
public final class RecordingServer: Sendable {
    public struct Received: Sendable {
        public let method: String
        public let uri: String
        /// Header fields in the order they arrived, names as sent.
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        /// The first value of a header, its name compared without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// Request bodies above this are refused (413): more than any test sends.
    public static let maxBodyBytes = 16 * 1_048_576

    private let log = Mutex<[Received]>([])
    public let reply: @Sendable (Received) -> LocalServer.Reply

    public init(reply: @escaping @Sendable (Received) -> LocalServer.Reply) {
        self.reply = reply
    }

    /// Everything received so far, in arrival order.
    public var received: [Received] { log.withLock { $0 } }

    private static let quietLogger: Logger = {
        var logger = Logger(label: "recording-test-server")
        logger.logLevel = .critical
        return logger
    }()

    /// Runs the server for the duration of `body`, passing its base URL.
    public func run(_ body: @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete] {
            router.on("**", method: method) { request, _ -> Response in
                var request = request
                let buffer = try await request.collectBody(upTo: Self.maxBodyBytes)
                let received = Received(
                    method: request.method.rawValue,
                    uri: request.uri.description,
                    headers: request.headers.map { (name: $0.name.rawName, value: $0.value) },
                    body: Array(buffer.readableBytesView))
                self.log.withLock { $0.append(received) }
                return self.reply(received).response
            }
        }
        try await serveOnFreePort(router, logger: Self.quietLogger, body)
    }
}
