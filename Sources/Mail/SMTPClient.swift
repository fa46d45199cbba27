import Foundation
import NIOCore
import NIOSSL

/// Sends a ``MailMessage`` to an SMTP server (RFC 5321), over plain TCP, STARTTLS or TLS.
///
/// Why a client of our own: no SMTP package is available to this project (its packages come
/// from a fixed set of Swift repositories, none of which speaks SMTP), and submitting one
/// message is a short, fixed dialogue — greeting, EHLO, [STARTTLS, EHLO], [AUTH], MAIL FROM,
/// RCPT TO…, DATA, QUIT — on top of swift-nio, which the package already has.
///
/// Every step has a deadline (`timeout`), so `send` cannot hang on a silent server.
public struct SMTPClient: Sendable {
    /// How long to wait to connect, and for each of the server's replies.
    public var timeout: Duration
    /// A PEM file of certificates trusted besides the system's, e.g. a test server's own.
    public var trustedCertificatesFile: String?

    public init(timeout: Duration = .seconds(10), trustedCertificatesFile: String? = nil) {
        self.timeout = timeout
        self.trustedCertificatesFile = trustedCertificatesFile
    }

    /// Delivers `message` to the server `configuration` names, or throws why not.
    ///
    /// When it returns, the server has accepted the message for every recipient (RFC 5321
    /// §4.1.1.4: the reply to the final “.” takes responsibility for it). A single refused
    /// recipient aborts the whole message, so nobody gets a copy the others did not.
    public func send(_ message: MailMessage, using configuration: SMTPConfiguration) async throws(MailError) {
        guard let sender = message.from ?? configuration.from else {
            throw .invalidMessage("it has no sender; give the message a from address or add ?from= to SMTP_URL")
        }
        let content = try message.rendered(from: sender)
        if configuration.user != nil, configuration.security == .none, !Self.isLoopback(configuration.host) {
            throw .authenticationNeedsTLS(host: configuration.host)
        }
        let tls = configuration.security == .none ? nil : try makeTLSContext()

        let connection = try await SMTPConnection.open(
            host: configuration.host, port: configuration.port,
            tls: configuration.security == .implicitTLS ? tls : nil, timeout: TimeAmount(timeout))
        defer { connection.close() }
        try await expect(connection.reply(), 220, after: "the greeting")
        var extensions = try await hello(connection)

        if configuration.security == .startTLS, let tls {
            guard extensions["STARTTLS"] != nil else { throw .startTLSUnavailable }
            try await expect(connection.command("STARTTLS"), 220, after: "STARTTLS")
            try await connection.startTLS(tls, host: configuration.host)
            // RFC 3207 §4.2: forget what the server said before TLS and ask again.
            extensions = try await hello(connection)
        }
        if let user = configuration.user {
            try await authenticate(connection, user: user, password: configuration.password ?? "", extensions: extensions)
        }

        try await expect(connection.command("MAIL FROM:<\(sender)>"), 250, after: "MAIL FROM:<\(sender)>")
        for recipient in message.recipients {
            // 251 “user not local; will forward” is a success too (RFC 5321 §3.4).
            try await expect(connection.command("RCPT TO:<\(recipient)>"), 250, 251, after: "RCPT TO:<\(recipient)>")
        }
        try await expect(connection.command("DATA"), 354, after: "DATA")
        try await expect(connection.write(Self.dotStuffed(content) + Array(".\r\n".utf8)), 250, after: "the message")

        // The message is delivered; a server that drops the line instead of saying 221 is fine.
        _ = try? await connection.command("QUIT")
    }

    /// EHLO, falling back to HELO for a server that predates ESMTP (RFC 5321 §3.2); returns
    /// the extensions, keyword upper-cased → parameters.
    private func hello(_ connection: SMTPConnection) async throws(MailError) -> [String: [String]] {
        let domain = connection.localDomain
        let reply = try await connection.command("EHLO \(domain)")
        if reply.code == 250 {
            // The first line is the server's name; each further line is one extension.
            var extensions: [String: [String]] = [:]
            for line in reply.lines.dropFirst() {
                // Some servers still write the pre-RFC 4954 form "AUTH=PLAIN LOGIN".
                let words = line.split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
                if let keyword = words.first { extensions[keyword.uppercased()] = Array(words.dropFirst()) }
            }
            return extensions
        }
        // Only “command not recognised / not implemented” (5xx) means a pre-ESMTP server; a 4xx
        // such as 421 is the server turning us away, which HELO would not change.
        guard reply.code >= 500 else { throw .refused(command: "EHLO", code: reply.code, message: reply.text) }
        try await expect(connection.command("HELO \(domain)"), 250, after: "HELO")
        return [:]
    }

    /// AUTH PLAIN (RFC 4616) with an initial response (RFC 4954 §4), else AUTH LOGIN.
    private func authenticate(
        _ connection: SMTPConnection, user: String, password: String, extensions: [String: [String]]
    ) async throws(MailError) {
        let mechanisms = (extensions["AUTH"] ?? []).map { $0.uppercased() }
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        if mechanisms.contains("PLAIN") {
            let credentials = base64("\0\(user)\0\(password)")
            try await expect(connection.command("AUTH PLAIN \(credentials)"), 235, after: "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            // The server prompts "Username:" and "Password:" in base64 (334); we answer in order.
            try await expect(connection.command("AUTH LOGIN"), 334, after: "AUTH LOGIN")
            try await expect(connection.command(base64(user)), 334, after: "AUTH LOGIN (user name)")
            try await expect(connection.command(base64(password)), 235, after: "AUTH LOGIN")
        } else {
            throw .authenticationUnavailable(offered: mechanisms)
        }
    }

    /// Throws `.refused` unless the reply carries one of `codes`.
    private func expect(_ reply: SMTPReply, _ codes: Int..., after command: String) throws(MailError) {
        guard codes.contains(reply.code) else {
            throw .refused(command: command, code: reply.code, message: reply.text)
        }
    }

    private func makeTLSContext() throws(MailError) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificatesFile {
            configuration.additionalTrustRoots = [.file(trustedCertificatesFile)]
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tlsFailed("cannot set up TLS: \(error)")
        }
    }

    /// RFC 5321 §4.5.2: a line of the message that starts with “.” gets another “.”, so that
    /// only the final CRLF “.” CRLF ends the data; the server removes the extra dot.
    static func dotStuffed(_ content: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count + content.count / 64)
        var atLineStart = true
        for byte in content {
            if atLineStart, byte == UInt8(ascii: ".") { output.append(byte) }
            output.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        return output
    }

    /// Whether a password sent in the clear stays on this machine.
    static func isLoopback(_ host: String) -> Bool {
        host.lowercased() == "localhost" || host.hasPrefix("127.") || host == "::1"
    }
}
