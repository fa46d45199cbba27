import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// HTTP/1.1 with the limits a server facing careless and hostile clients needs (issue 19): a
/// connection that has sent no complete request head, or has stalled mid-body, for `readTimeout`
/// is closed (Hummingbird's idle timeout counts from the last complete HTTP part, so a client
/// trickling half a header is closed too); and past `maximumConnections` open connections a new
/// one is answered with a 503 and closed at once, rather than left waiting in the kernel's
/// backlog or failing the accept when the process runs out of file descriptors. A request that is
/// not HTTP/1.1 gets the promised JSON error (``HTTPConnectionGuard``).
package struct GuardedHTTP1Channel: ServerChildChannel {
    package struct Value: ServerChildChannelValue {
        package init(http: HTTP1Channel.Value?, channel: any Channel) {
            self.http = http
            self.channel = channel
        }

        /// Nil for a connection that was refused and is already closing.
        package let http: HTTP1Channel.Value?
        package let channel: any Channel
    }

    package let http: HTTP1Channel
    package let connections: ConnectionCount

    package init(responder: @escaping HTTPChannelHandler.Responder, readTimeout: TimeAmount, maximumConnections: Int) {
        http = HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [HTTPConnectionGuard()], idleTimeout: readTimeout))
        connections = ConnectionCount(limit: maximumConnections)
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard connections.open() else {
            logger.warning("refused a connection: \(connections.limit) are open, the most this server takes")
            let refusal = channel.allocator.buffer(string: Self.refusal)
            channel.writeAndFlush(refusal).whenComplete { _ in channel.close(promise: nil) }
            return channel.eventLoop.makeSucceededFuture(Value(http: nil, channel: channel))
        }
        let connections = connections
        channel.closeFuture.whenComplete { _ in connections.close() }
        return http.setup(channel: channel, logger: logger).map { Value(http: $0, channel: channel) }
    }

    package func handle(value: Value, logger: Logger) async {
        guard let connection = value.http else { return }
        await http.handle(value: connection, logger: logger)
    }

    /// Written straight to the socket, before any request is read: the client learns why, and
    /// when to come back, whatever it was about to ask.
    package static let refusal: String = {
        let body = #"{"error":{"code":"too_many_connections","message":"Bottega has as many connections open as it takes; try again in a few seconds."}}"#
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    }()
}

/// The open connections of one server, against its limit.
package final class ConnectionCount: Sendable {
    package let limit: Int
    private let count = NIOLockedValueBox(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection in, or answers false when the server is full.
    package func open() -> Bool {
        count.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    package func close() {
        count.withLockedValue { $0 -= 1 }
    }
}
