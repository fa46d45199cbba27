@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

/// Issue 36: a client that asked for a whole search and closed its side kept its connection
/// active (Hummingbird allows half-closure), so its page was drawn for nobody.
@Suite struct HTTPConnectionGuardTests {
    private func connectedChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: HTTPConnectionGuard())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
        return channel
    }

    @Test func aClientThatStopsSendingWhileItsRequestIsAnsweredIsDisconnected() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1", path: "/scholar/searches/1")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!channel.isActive)
    }

    @Test func betweenRequestsTheEndOfInputIsLeftToTheServer() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1", path: "/")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(channel.isActive, "an idle keep-alive connection's EOF is Hummingbird's to handle")
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}
