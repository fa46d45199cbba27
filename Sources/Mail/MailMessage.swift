import Foundation

/// An e-mail: a UTF-8 text body and any number of attachments, sent as `multipart/mixed`.
public struct MailMessage: Sendable, Equatable {
    /// A file carried by the message.
    public struct Attachment: Sendable, Equatable {
        /// The name the recipient's mail program offers when saving it.
        public var filename: String
        /// A MIME type such as `text/html; charset=UTF-8` or `application/pdf`.
        public var mimeType: String
        public var content: [UInt8]

        public init(filename: String, mimeType: String, content: some Sequence<UInt8>) {
            self.filename = filename
            self.mimeType = mimeType
            self.content = Array(content)
        }
    }

    /// The sender's address; `nil` takes the configuration's `from`.
    public var from: String?
    /// The recipients' addresses, at least one.
    public var to: [String]
    /// Recipients in copy (the `Cc` header), e.g. the agent on an order sent to customer and
    /// supplier.
    public var cc: [String]
    /// Any text; non-ASCII is sent as RFC 2047 encoded-words.
    public var subject: String
    /// Plain text, sent as UTF-8 quoted-printable.
    public var body: String
    public var attachments: [Attachment]
    /// The `Date` header's value.
    public var date: Date

    public init(
        from: String? = nil, to: [String], cc: [String] = [], subject: String, body: String,
        attachments: [Attachment] = [], date: Date = Date()
    ) {
        self.from = from
        self.to = to
        self.cc = cc
        self.subject = subject
        self.body = body
        self.attachments = attachments
        self.date = date
    }

    /// Everyone the server must deliver to: the envelope's RCPT TO list (RFC 5321 §3.3), the
    /// copies included, each address once.
    public var recipients: [String] {
        var seen = Set<String>()
        return (to + cc).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The message as it goes after SMTP's DATA (RFC 5322 with MIME, RFC 2045/2046): CRLF line
    /// endings, ending with CRLF, not yet dot-stuffed. `boundary` and `messageID` are random
    /// unless given, so a test can pin them.
    ///
    /// Throws `.invalidMessage` when there is no recipient, an address is malformed, or a
    /// header would contain a line break.
    public func rendered(from sender: String, boundary: String? = nil, messageID: String? = nil) throws(MailError) -> [UInt8] {
        try validate(sender: sender)
        let boundary = boundary ?? "=_Bottega_" + Self.randomHex(bytes: 12)
        let domain = sender.split(separator: "@").last.map(String.init) ?? "localhost"
        let messageID = messageID ?? "<\(UUID().uuidString.lowercased())@\(domain)>"

        // RFC 5322 §3.6: Date and From are the only required fields; Message-ID SHOULD be present.
        var lines = [
            "Date: " + Self.rfc5322Date(date),
            "From: " + sender,
            "To: " + to.joined(separator: ",\r\n "),
        ] + (cc.isEmpty ? [] : ["Cc: " + cc.joined(separator: ",\r\n ")]) + [
            "Subject: " + MIMEEncoding.headerText(subject),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
            // "=_" can appear in neither quoted-printable nor base64 output, so the boundary
            // cannot occur inside a part (RFC 2045 §6.7 note, RFC 2046 §5.1.1).
            "Content-Type: multipart/mixed; boundary=\"\(boundary)\"",
            "",
            "This is a message in MIME format.",
            "--" + boundary,
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            MIMEEncoding.quotedPrintable(body),
        ]
        for attachment in attachments {
            lines += [
                "--" + boundary,
                "Content-Type: \(attachment.mimeType); " + MIMEEncoding.parameter("name", attachment.filename),
                "Content-Disposition: attachment; " + MIMEEncoding.parameter("filename", attachment.filename),
                "Content-Transfer-Encoding: base64",
                "",
                MIMEEncoding.base64Lines(attachment.content),
            ]
        }
        lines.append("--" + boundary + "--")
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private func validate(sender: String) throws(MailError) {
        guard !to.isEmpty else { throw .invalidMessage("it has no recipient") }
        for address in [sender] + to + cc {
            if let problem = mailboxProblem(address) { throw .invalidMessage(problem) }
        }
        for (name, value) in [("subject", subject)] + attachments.flatMap({ [("file name", $0.filename), ("MIME type", $0.mimeType)] }) {
            // A line break in a header value would let it start headers of its own.
            guard !value.contains(where: { $0.isNewline }) else {
                throw .invalidMessage("the \(name) “\(value)” contains a line break")
            }
        }
        for attachment in attachments where !attachment.mimeType.contains("/") {
            throw .invalidMessage("the MIME type “\(attachment.mimeType)” of \(attachment.filename) is not type/subtype")
        }
    }

    /// `Thu, 13 Feb 1969 23:32:54 +0000` (RFC 5322 §3.3), always in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    static func randomHex(bytes count: Int) -> String {
        (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}

/// What is wrong with an address used in SMTP's envelope and the headers, or `nil` when it is
/// usable. Only bare `local@domain` addresses are accepted (RFC 5321 §4.1.2 Mailbox), without
/// quoted local parts, which nobody sends reports to.
func mailboxProblem(_ address: String) -> String? {
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        return "“\(address)” is not an e-mail address of the form name@domain"
    }
    let forbidden = Set("<>()[],;:\\\" ")
    // Non-ASCII addresses need the SMTPUTF8 extension (RFC 6531), which this client does not speak.
    guard address.unicodeScalars.allSatisfy({ (33...126).contains($0.value) }),
        !address.contains(where: { forbidden.contains($0) })
    else {
        return "the address “\(address)” contains spaces, non-ASCII characters or one of <>()[],;:\\\""
    }
    return nil
}
