import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Runs `router` on a free port of 127.0.0.1 for the duration of `body`, passing the server's
/// base URL (`http://127.0.0.1:PORT`); the server stops when `body` returns or throws.
func serveOnFreePort(
    _ router: Router<BasicRequestContext>, logger: Logger, _ body: @Sendable (URL) async throws -> Void
) async throws {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let application = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        },
        logger: logger
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

extension LocalServer.Reply {
    /// The reply as the server sends it.
    var response: Response {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
