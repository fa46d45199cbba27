import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 that misbehaves in one way, to test the client's failure paths.
struct QuietServer {
    enum Behaviour: Sendable {
        /// Accepts the connection and never says a word.
        case silent
        /// Greets, then hangs up.
        case hangsUpAfterGreeting
    }

    let channel: any Channel
    var port: Int { channel.localAddress?.port ?? 0 }

    init(_ behaviour: Behaviour) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                switch behaviour {
                case .silent:
                    return child.eventLoop.makeSucceededVoidFuture()
                case .hangsUpAfterGreeting:
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(GreetAndHangUp())
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func stop() async throws {
        try await channel.close()
    }
}

/// Says 220 once the connection is up, then closes it.
private final class GreetAndHangUp: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func channelActive(context: ChannelHandlerContext) {
        let greeting = context.channel.allocator.buffer(string: "220 quiet.test ESMTP\r\n")
        context.writeAndFlush(NIOAny(greeting), promise: nil)
        context.close(promise: nil)
    }
}
