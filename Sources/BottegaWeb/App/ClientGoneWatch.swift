import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client stopped sending (EOF) while its request was still being
/// answered, as nginx does (its 499): Hummingbird allows half-closed connections, so a client that
/// asked for a whole search and went away left the channel active, and ``HeavyViews`` drew the
/// page for nobody (issue 36: a thousand such connections cost the server 3 s of CPU after they
/// had gone). Browsers, curl and HTTP libraries never half-close while they wait for an answer.
final class ClientGoneWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var answering = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { answering = true }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { answering = false }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if answering, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
