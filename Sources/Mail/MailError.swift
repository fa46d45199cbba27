import Foundation

/// Everything that can go wrong between an `SMTP_URL` and a delivered message.
///
/// Each message says what was wrong and what to do about it. Passwords never appear in a
/// message: a bad URL is described with its password masked, and an `AUTH` command is named
/// without its argument.
public enum MailError: Error, LocalizedError, Sendable, Equatable {
    /// The SMTP URL cannot be used; `url` has its password masked, `problem` says what to fix.
    case invalidURL(url: String, problem: String)
    /// The message cannot be sent as it is (no recipient, a line break in a header, …).
    case invalidMessage(String)
    /// The server could not be reached at all (connection refused, unknown host).
    case connectionFailed(host: String, port: Int, reason: String)
    /// The server did not answer within the client's timeout.
    case timeout
    /// The server closed the connection before the dialogue was over.
    case connectionLost
    /// The server answered a command with an error reply (4xx or 5xx, RFC 5321 §4.2.1).
    case refused(command: String, code: Int, message: String)
    /// A user name is configured, but the server offers no mechanism this client speaks.
    case authenticationUnavailable(offered: [String])
    /// A password would travel unencrypted to a host that is not this machine.
    case authenticationNeedsTLS(host: String)
    /// `smtp+starttls://` was asked for, but the server does not offer STARTTLS.
    case startTLSUnavailable
    /// The TLS handshake failed (untrusted certificate, wrong host name, no common cipher…).
    case tlsFailed(String)
    /// The server said something that is not an SMTP reply.
    case protocolViolation(String)

    public var errorDescription: String? {
        switch self {
        case let .invalidURL(url, problem):
            return "The SMTP URL “\(url)” cannot be used: \(problem). Expected "
                + "smtp://[user[:password]@]host[:port][?from=address] "
                + "(or smtp+starttls:// or smtps://); percent-encode “@”, “:”, “/” and “?” in the user or password."
        case let .invalidMessage(problem):
            return "The e-mail cannot be sent: \(problem)."
        case let .connectionFailed(host, port, reason):
            return "Could not connect to the mail server \(host):\(port) (\(reason)). "
                + "Check the host and port in SMTP_URL and that the server is running."
        case .timeout:
            return "The mail server did not answer in time. Check the host and port in SMTP_URL; "
                + "a port that expects TLS from the start (465) needs smtps://."
        case .connectionLost:
            return "The mail server closed the connection before the e-mail was sent. Try again later."
        case let .refused(command, code, message):
            let hint: String
            if command.hasPrefix("AUTH") {
                hint = " Check the user name and password in SMTP_URL."
            } else if command.hasPrefix("RCPT") {
                hint = " Check the recipient's address."
            } else if command.hasPrefix("MAIL") {
                hint = " Check the sender address (?from= in SMTP_URL)."
            } else {
                hint = ""
            }
            return "The mail server refused \(command) with \(code) \(message).\(hint)"
        case let .authenticationUnavailable(offered):
            let list = offered.isEmpty ? "none" : offered.joined(separator: ", ")
            return "The mail server offers no login mechanism this client supports "
                + "(it offers: \(list); supported: PLAIN, LOGIN). Remove the user from SMTP_URL "
                + "or use smtp+starttls:// — many servers offer AUTH only after STARTTLS."
        case let .authenticationNeedsTLS(host):
            return "Refusing to send a password unencrypted to \(host). "
                + "Use smtp+starttls:// (port 587) or smtps:// (port 465) in SMTP_URL."
        case .startTLSUnavailable:
            return "The mail server does not offer STARTTLS, which smtp+starttls:// requires. "
                + "Use smtps:// if the server expects TLS from the start, or smtp:// on a trusted network."
        case let .tlsFailed(reason):
            return "The TLS connection to the mail server failed (\(reason)). "
                + "Check the host name in SMTP_URL matches the server's certificate."
        case let .protocolViolation(what):
            return "The mail server's answer is not valid SMTP (\(what)). Check the port in SMTP_URL."
        }
    }
}
