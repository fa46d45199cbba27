import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Two things Hummingbird's HTTP/1.1 pipeline leaves undone, both decided by whether a request is
/// being answered (its head went up, its answer has not ended):
///
/// - **A request that is not HTTP/1.1** (a broken request line or header, an invalid chunk size
///   before any handler saw the request) gets the promised JSON error, where Hummingbird writes a
///   bare 400 with an empty body and closes (issue 36). The path is unknown when the head cannot
///   be read, so the answer is the API's form; a browser never sends such a request. A parse error
///   inside a request being answered (a chunk size that breaks mid-body) is passed on: the handler
///   reading the body gets it, and ``PromisedErrorMiddleware`` answers 400 in its route's form.
/// - **A client that stops sending while its request is answered** is disconnected, as nginx does
///   (its 499): Hummingbird allows half-closed connections, so a client that asked for a whole
///   search and went away left the channel active, and ``HeavyViews`` drew the page for nobody.
///   Browsers, curl and HTTP libraries never half-close while they wait for an answer. Between
///   requests, the end of input is Hummingbird's to handle.
package final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private var answering = false

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { answering = true }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { answering = false }
        context.write(data, promise: promise)
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if answering, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError, !answering else {
            context.fireErrorCaught(error)
            return
        }
        let (status, body) = Self.answer(to: parseError)
        var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
        buffer.writeString(body)
        let head = HTTPResponse(status: status, headerFields: [
            .contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes), .connection: "close",
        ])
        answering = true
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(buffer)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }

    /// The status and JSON body for `error`: 431 for headers past the decoder's limits, else 400.
    package static func answer(to error: HTTPParserError) -> (HTTPResponse.Status, String) {
        let tooLarge = error == .headerOverflow
        let status: HTTPResponse.Status = tooLarge ? .requestHeaderFieldsTooLarge : .badRequest
        let message = tooLarge
            ? "The request's headers are larger than Bottega reads (80 KiB); send fewer or shorter headers."
            : "Bottega could not read this request: it is not valid HTTP/1.1 (\(error)). Check the program that sent it."
        let json = PromisedErrorMiddleware.json(code: tooLarge ? "headers_too_large" : "malformed_request", message: message)
        return (status, String(decoding: json, as: UTF8.self))
    }
}
