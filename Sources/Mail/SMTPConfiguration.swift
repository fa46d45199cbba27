import Foundation

/// Where and how to submit mail, usually parsed from the `SMTP_URL` setting.
///
/// Accepted forms (the port defaults follow RFC 5321 §4.5.4, RFC 6409 §3.1 and RFC 8314 §3.3):
/// - `smtp://[user[:password]@]host[:port][?from=address]` — plain SMTP, port 25;
/// - `smtp+starttls://…` — port 587, the connection must be upgraded with STARTTLS (RFC 3207);
/// - `smtps://…` — port 465, TLS from the first byte.
///
/// User and password are percent-decoded, so `p%40ss` means `p@ss`. `from` is the sender used
/// when a ``MailMessage`` names none. `description` masks the password, so a configuration may
/// be logged.
public struct SMTPConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Sendable, Equatable {
        /// No encryption (`smtp://`).
        case none = "smtp"
        /// Plain connection upgraded with STARTTLS before anything else is said (`smtp+starttls://`).
        case startTLS = "smtp+starttls"
        /// TLS from the start (`smtps://`).
        case implicitTLS = "smtps"

        /// The port a URL without one means.
        public var defaultPort: Int {
            switch self {
            case .none: 25
            case .startTLS: 587
            case .implicitTLS: 465
            }
        }
    }

    public var security: Security
    /// A host name or an IP address (without brackets, also for IPv6).
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?
    /// The default sender address (`?from=`).
    public var from: String?

    /// A configuration from its parts; `port` defaults to the one `security` implies.
    public init(
        host: String, port: Int? = nil, security: Security = .none,
        user: String? = nil, password: String? = nil, from: String? = nil
    ) {
        self.security = security
        self.host = host
        self.port = port ?? security.defaultPort
        self.user = user
        self.password = password
        self.from = from
    }

    /// Parses an SMTP URL; the error names the part to fix.
    public init(url: String) throws(MailError) {
        func fail(_ problem: String) -> MailError {
            .invalidURL(url: Self.masked(url), problem: problem)
        }
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw fail("it has no scheme; start it with smtp://, smtp+starttls:// or smtps://")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard let security = Security(rawValue: scheme) else {
            throw fail("the scheme “\(scheme)” is not one of smtp, smtp+starttls, smtps")
        }
        var rest = trimmed[schemeEnd.upperBound...]

        // The query is split off first, so an address in `from=` may contain “@”.
        var from: String?
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == "from" else {
                    throw fail("the parameter “\(parts[0])” is unknown; the only one is from=address")
                }
                guard let address = String(parts[1]).removingPercentEncoding, !address.isEmpty else {
                    throw fail("from= must be an e-mail address")
                }
                if let problem = mailboxProblem(address) { throw fail("from=: \(problem)") }
                from = address
            }
            rest = rest[..<question]
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("/") else {
            throw fail("a path is not allowed after the host")
        }

        // Userinfo ends at the last “@”, so an unencoded address as user name still works.
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            let (rawUser, rawPassword): (Substring, Substring?) =
                if let colon = userinfo.firstIndex(of: ":") {
                    (userinfo[..<colon], userinfo[userinfo.index(after: colon)...])
                } else {
                    (userinfo, nil)
                }
            guard let decoded = String(rawUser).removingPercentEncoding, !decoded.isEmpty else {
                throw fail("the user name is empty or has a broken %-escape")
            }
            user = decoded
            if let rawPassword {
                guard let decoded = String(rawPassword).removingPercentEncoding else {
                    throw fail("the password has a broken %-escape")
                }
                password = decoded
            }
            rest = rest[rest.index(after: at)...]
        }

        // Host, with an IPv6 literal in brackets (RFC 3986 §3.2.2), then an optional port.
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                throw fail("the IPv6 address has no closing “]”")
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail("unexpected “\(after)” after the host") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw fail("the host is missing") }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else {
            throw fail("the host “\(host)” contains characters a host name cannot have")
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw fail("the port “\(portText)” is not a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port, security: security, user: user, password: password, from: from)
    }

    /// The URL with the password masked.
    public var description: String {
        var text = security.rawValue + "://"
        if let user {
            text += user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? user
            if password != nil { text += ":***" }
            text += "@"
        }
        text += host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        if let from { text += "?from=\(from)" }
        return text
    }

    /// The URL with the password (between the user's “:” and the last “@”) masked, so a
    /// mistyped URL can be shown in an error.
    static func masked(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(of: "?") ?? afterScheme.endIndex
        guard let at = afterScheme[..<authorityEnd].lastIndex(of: "@"),
            let colon = afterScheme[..<at].firstIndex(of: ":")
        else { return url }
        return String(url[..<afterScheme.index(after: colon)]) + "***" + String(url[at...])
    }
}
