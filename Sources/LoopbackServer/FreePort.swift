import Foundation
import Hummingbird
import ServiceLifecycle

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
        let group = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: application.logger))
        let server = Task(executorPreference: DedicatedExecutor.shared) {
            defer { continuation.finish() }
            try await group.run()
        }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            server.cancel()
            if case .failure(let error) = await server.result { throw LoopbackServerError.didNotStart(error.localizedDescription) }
            throw LoopbackServerError.didNotStart("it stopped before listening")
        }
        do {
            let result = try await body(port)
            await stop(server, group)
            return result
        } catch {
            await stop(server, group)
            throw error
        }
    }

    /// Shuts the server down gracefully rather than by cancelling its task: a cancellation that
    /// reaches Hummingbird's date cache inside swift-async-algorithms' `merge` could leave its
    /// lock held for good (apple/swift-async-algorithms#430), and the whole test process hung.
    /// A connection still open after the grace period is cut by cancelling.
    private static func stop(_ server: Task<Void, any Error>, _ group: ServiceGroup) async {
        await group.triggerGracefulShutdown()
        let deadline = Task {
            try await Task.sleep(for: gracePeriod)
            server.cancel()
        }
        _ = await server.result
        deadline.cancel()
    }

    static let gracePeriod = Duration.seconds(5)
}

public enum LoopbackServerError: Error, LocalizedError, Equatable {
    case didNotStart(String)

    public var errorDescription: String? {
        switch self {
        case .didNotStart(let reason): "the local server did not start: \(reason)"
        }
    }
}
