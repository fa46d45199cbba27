import NIOCore
import NIOSSL

/// One SMTP reply: its three-digit code and the text of each of its lines (RFC 5321 §4.2).
struct SMTPReply: Sendable, Equatable {
    var code: Int
    var lines: [String]

    /// The lines' text as one sentence, for error messages.
    var text: String { lines.joined(separator: " ").trimmingCharacters(in: .whitespaces) }
}

/// Cuts the server's bytes into whole replies and hands them out one at a time, each with a
/// deadline.
///
/// Lives on the channel's event loop, so its state needs no lock. Once the connection fails
/// (closed, timed out, TLS error) every later wait fails the same way, so no caller can hang.
final class SMTPReplyReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// RFC 5321 §4.5.3.1.5 allows 512 octets per reply line; servers exceed it in practice, so
    /// the cap only stops a peer that is not speaking SMTP from filling memory.
    private static let maxLineLength = 8192

    private var buffer = ByteBuffer()
    private var partialLines: [String] = []
    private var replies: [SMTPReply] = []
    private var waiting: (promise: EventLoopPromise<SMTPReply>, timer: Scheduled<Void>)?
    private var failure: MailError?
    private var context: ChannelHandlerContext?

    /// Whether bytes past the last whole reply have arrived; after a STARTTLS reply there must
    /// be none, or a man in the middle could have injected them before the handshake
    /// (RFC 3207 §5, the CVE-2011-0411 class of bugs).
    var hasUnreadInput: Bool { buffer.readableBytes > 0 || !replies.isEmpty || !partialLines.isEmpty }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// The next reply, or a failure once `timeout` passes without one.
    func nextReply(timeout: TimeAmount, eventLoop: any EventLoop) -> EventLoopFuture<SMTPReply> {
        if !replies.isEmpty { return eventLoop.makeSucceededFuture(replies.removeFirst()) }
        if let failure { return eventLoop.makeFailedFuture(failure) }
        let promise = eventLoop.makePromise(of: SMTPReply.self)
        let timer = eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            fail(.timeout)
        }
        waiting = (promise, timer)
        return promise.futureResult
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        do throws(MailError) {
            try parseLines()
        } catch {
            fail(error)
            return
        }
        deliver()
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.connectionLost)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(Self.mailError(for: error))
    }

    /// Fails the waiting caller and every later one with the first failure, and closes.
    private func fail(_ error: MailError) {
        if failure == nil { failure = error }
        if let waiting {
            self.waiting = nil
            waiting.timer.cancel()
            waiting.promise.fail(failure ?? error)
        }
        context?.close(promise: nil)
    }

    private func deliver() {
        guard let waiting, !replies.isEmpty else { return }
        self.waiting = nil
        waiting.timer.cancel()
        waiting.promise.succeed(replies.removeFirst())
    }

    /// Reply lines are `code SP text` for the last line and `code - text` before it
    /// (RFC 5321 §4.2.1); a bare `code` is a last line too.
    private func parseLines() throws(MailError) {
        while let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - buffer.readerIndex
            guard var line = buffer.readString(length: length) else { return }
            buffer.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }
            let characters = Array(line.utf8)
            guard characters.count >= 3, characters.prefix(3).allSatisfy({ (48...57).contains($0) }),
                let code = Int(String(line.prefix(3))), (200...599).contains(code)
            else {
                throw .protocolViolation("“\(line.prefix(80))” does not start with a reply code")
            }
            let separator = characters.count > 3 ? characters[3] : UInt8(ascii: " ")
            partialLines.append(String(line.dropFirst(4)))
            if separator != UInt8(ascii: "-") {
                replies.append(SMTPReply(code: code, lines: partialLines))
                partialLines = []
            }
        }
        guard buffer.readableBytes <= Self.maxLineLength else {
            throw .protocolViolation("a reply line is longer than \(Self.maxLineLength) bytes")
        }
        buffer.discardReadBytes()
    }

    private static func mailError(for error: any Error) -> MailError {
        if let error = error as? MailError { return error }
        if let error = error as? NIOSSLError {
            // A peer that closes without a TLS close_notify has simply gone away.
            if case .uncleanShutdown = error { return .connectionLost }
            return .tlsFailed(String(describing: error))
        }
        if error is BoringSSLError || error is NIOSSLExtraError {
            return .tlsFailed(String(describing: error))
        }
        return .connectionLost
    }
}
