import NIOCore
import NIOPosix
import NIOSSL

/// A TCP (optionally TLS) connection that says one SMTP line and waits for one reply, with a
/// deadline on the connection and on every reply.
struct SMTPConnection: Sendable {
    let channel: any Channel
    private let reader: NIOLoopBound<SMTPReplyReader>
    private let timeout: TimeAmount

    /// Connects, wrapping the connection in TLS from the start when `tls` is given (smtps).
    static func open(
        host: String, port: Int, tls: NIOSSLContext?, timeout: TimeAmount
    ) async throws(MailError) -> SMTPConnection {
        let serverName = Self.serverName(for: host)
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(timeout)
        do {
            // The reader comes out of the initializer itself: looked up after connecting, it
            // could already be gone from the pipeline of a server that hung up at once.
            let (channel, reader) = try await bootstrap.connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    let reader = SMTPReplyReader()
                    try channel.pipeline.syncOperations.addHandler(reader)
                    return (channel, NIOLoopBound(reader, eventLoop: channel.eventLoop))
                }
            }
            return SMTPConnection(channel: channel, reader: reader, timeout: timeout)
        } catch {
            throw Self.connectError(error, host: host, port: port)
        }
    }

    /// The next reply the server sends (the greeting, or the answer to what was just written).
    func reply() async throws(MailError) -> SMTPReply {
        let reader = self.reader
        let timeout = self.timeout
        let future = channel.eventLoop.flatSubmit {
            reader.value.nextReply(timeout: timeout, eventLoop: reader.eventLoop)
        }
        do {
            return try await future.get()
        } catch {
            throw (error as? MailError) ?? .connectionLost
        }
    }

    /// Writes `line` and CRLF, then waits for the reply.
    func command(_ line: String) async throws(MailError) -> SMTPReply {
        try await write(Array((line + "\r\n").utf8))
    }

    /// Writes raw bytes, then waits for the reply. The write itself is not awaited: if the
    /// server stops reading, the reply's deadline closes the connection all the same.
    func write(_ bytes: [UInt8]) async throws(MailError) -> SMTPReply {
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
        return try await reply()
    }

    /// Upgrades the connection after the server's 220 to STARTTLS (RFC 3207 §4).
    func startTLS(_ tls: NIOSSLContext, host: String) async throws(MailError) {
        let reader = self.reader
        let channel = self.channel
        let serverName = Self.serverName(for: host)
        do {
            try await channel.eventLoop.submit {
                guard !reader.value.hasUnreadInput else {
                    throw MailError.protocolViolation("the server sent more after its STARTTLS reply")
                }
                // First in the pipeline: TLS sits between the socket and the reply reader.
                try channel.pipeline.syncOperations.addHandler(
                    NIOSSLClientHandler(context: tls, serverHostname: serverName), position: .first)
            }.get()
        } catch {
            throw (error as? MailError) ?? .tlsFailed(String(describing: error))
        }
    }

    /// `[192.0.2.1]` or `[IPv6:…]`: the address literal EHLO names us by (RFC 5321 §4.1.3),
    /// since a Linux box rarely knows its own fully qualified domain name.
    var localDomain: String {
        guard let address = channel.localAddress, let ip = address.ipAddress else { return "[127.0.0.1]" }
        if case .v6 = address { return "[IPv6:\(ip)]" }
        return "[\(ip)]"
    }

    func close() {
        channel.close(promise: nil)
    }

    /// SNI and certificate name checks take a host name; for an IP address NIOSSL checks the
    /// certificate's IP addresses instead when given none (SNI forbids IPs, RFC 6066 §3).
    private static func serverName(for host: String) -> String? {
        (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
    }

    private static func connectError(_ error: any Error, host: String, port: Int) -> MailError {
        if let error = error as? ChannelError, case .connectTimeout = error { return .timeout }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return .connectionFailed(host: host, port: port, reason: "the host name is unknown")
            }
            if let first = error.connectionErrors.first {
                return .connectionFailed(host: host, port: port, reason: String(describing: first.error))
            }
        }
        return .connectionFailed(host: host, port: port, reason: String(describing: error))
    }
}
