import Foundation
import Hummingbird

/// Servers that stand in for another machine on 127.0.0.1: the replayed PrestaShop
/// (`bottega serve --shop-replay`) and every test's local server.
public enum LoopbackServer {
    /// Runs the application `makeApplication` builds (listening on 127.0.0.1, port 0, and calling
    /// the closure it is given once it listens) for the duration of `body`, passing the port the
    /// system chose. The server answers on threads of its own (``DedicatedExecutor``), as the
    /// remote server it stands in for would, and stops when `body` returns or throws. A server
    /// that cannot start throws ``LoopbackServerError/didNotStart`` instead of leaving `body` waiting.
    public static func serveOnFreePort<App: ApplicationProtocol, Result: Sendable>(
        _ makeApplication: (_ onServerRunning: @escaping @Sendable (Int) async -> Void) -> App,
        _ body: (Int) async throws -> Result
    ) async throws -> Result {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = makeApplication { port in
            continuation.yield(port)
            continuation.finish()
        }
        let server = Task(executorPreference: DedicatedExecutor.shared) {
            defer { continuation.finish() }
            try await application.runService(gracefulShutdownSignals: [])
        }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            server.cancel()
            if case .failure(let error) = await server.result { throw LoopbackServerError.didNotStart(error.localizedDescription) }
            throw LoopbackServerError.didNotStart("it stopped before listening")
        }
        do {
            let result = try await body(port)
            // Cancelling the task that runs the application shuts its service group down.
            server.cancel()
            _ = await server.result
            return result
        } catch {
            server.cancel()
            _ = await server.result
            throw error
        }
    }
}

public enum LoopbackServerError: Error, LocalizedError, Equatable {
    case didNotStart(String)

    public var errorDescription: String? {
        switch self {
        case .didNotStart(let reason): "the local server did not start: \(reason)"
        }
    }
}
