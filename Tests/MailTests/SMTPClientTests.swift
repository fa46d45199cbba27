import Foundation
import TestSupport
import Mail
import Testing

/// Sending to a real SMTP server (aiosmtpd) on 127.0.0.1.
@Suite(.enabled(if: SMTPSink.isAvailable, Comment(rawValue: SMTPSink.skipReason)))
struct SMTPClientTests {
    let client = SMTPClient(timeout: .seconds(5))

    @Test func test_utf8SubjectAndHTMLAttachmentArriveWhole() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        // Long enough for several encoded-words, with characters of 2, 3 and 4 UTF-8 bytes.
        let subject = "Rapport h-index — Zoë Çelik, Ångström & 東京大学 📈 (publications 1998–2024)"
        // Lines longer than 76 characters, a line that is only ".", and non-ASCII text.
        let html = "<!doctype html>\n<html><body><h1>Zoë — h = 42</h1>\n.\n<p>"
            + String(repeating: "Résumé of citations ", count: 40) + "</p>\n</body></html>\n"
        let attachment = MailMessage.Attachment(
            filename: "scholar-report.html", mimeType: "text/html; charset=UTF-8", content: Array(html.utf8))
        let message = MailMessage(
            from: "bottega@example.org", to: ["zoe@example.org"], subject: subject,
            body: "Hello Zoë,\nthe report is attached.\n", attachments: [attachment])

        try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)"))

        let received = try #require(try sink.message(1))
        #expect(received.mail_from == "bottega@example.org")
        #expect(received.rcpt_tos == ["zoe@example.org"])

        // Read back by hand: headers, the encoded subject, the two parts.
        let mime = try SimpleMIME(received.raw)
        #expect(SimpleMIME.decodeEncodedWords(try #require(mime.headers["subject"])) == subject)
        #expect(mime.headers["message-id"]?.hasSuffix("@example.org>") == true)
        #expect(mime.headers["date"]?.hasSuffix("+0000") == true)
        #expect(mime.parts.count == 2)
        let text = try #require(mime.parts.first)
        #expect(text.headers["content-transfer-encoding"] == "quoted-printable")
        #expect(SimpleMIME.decodeQuotedPrintable(text.body) == "Hello Zoë,\r\nthe report is attached.\r\n")
        let file = try #require(mime.parts.last)
        #expect(file.headers["content-disposition"] == "attachment; filename=\"scholar-report.html\"")
        let base64Lines = file.body.components(separatedBy: "\r\n")
        #expect(base64Lines.allSatisfy { $0.count <= 76 })
        let decoded = try #require(Data(base64Encoded: base64Lines.joined()))
        #expect(Array(decoded) == Array(html.utf8))

        // And Python's email package, an independent MIME parser, agrees.
        #expect(received.subject == subject)
        #expect(received.defects.isEmpty)
        #expect(received.parts.map(\.type) == ["text/plain", "text/html"])
        #expect(received.parts.last?.filename == "scholar-report.html")
        #expect(received.parts.last?.content == Array(html.utf8))
        #expect(received.parts.allSatisfy { $0.defects.isEmpty })
        // Every line ends in CRLF: no bare LF reached the server.
        #expect(!received.raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func test_bothRecipientsAreInTheEnvelopeAndHeader() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        let message = MailMessage(to: ["ada@example.org", "grace@example.net"], subject: "Two", body: "Hi both")

        try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)?from=bottega@example.org"))

        let received = try #require(try sink.message(1))
        #expect(received.rcpt_tos == ["ada@example.org", "grace@example.net"])
        #expect(received.mail_from == "bottega@example.org")
        #expect(try SimpleMIME(received.raw).headers["to"] == "ada@example.org, grace@example.net")
    }

    @Test func test_copiesAreInTheEnvelopeAndTheCcHeaderButNotTwice() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        // An order goes to the customer and the supplier with the agent in copy; an agent who is
        // also the customer gets it once.
        let message = MailMessage(to: ["cliente@example.org", "fornitore@example.net"], cc: ["agente@example.com", "CLIENTE@example.org"], subject: "Ordine 7", body: "In allegato")

        try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)?from=bottega@example.org"))

        let received = try #require(try sink.message(1))
        #expect(received.rcpt_tos == ["cliente@example.org", "fornitore@example.net", "agente@example.com"])
        let headers = try SimpleMIME(received.raw).headers
        #expect(headers["to"] == "cliente@example.org, fornitore@example.net")
        #expect(headers["cc"] == "agente@example.com, CLIENTE@example.org")
    }

    @Test func test_bodyLinesStartingWithDotSurviveDotStuffing() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        let body = ".\n.hidden file\n..two dots\nend."
        let message = MailMessage(from: "a@example.org", to: ["b@example.org"], subject: "Dots", body: body)

        try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)"))

        let received = try #require(try sink.message(1))
        let text = try #require(try SimpleMIME(received.raw).parts.first)
        #expect(SimpleMIME.decodeQuotedPrintable(text.body) == ".\r\n.hidden file\r\n..two dots\r\nend.")
        #expect(String(decoding: received.parts[0].content, as: UTF8.self) == ".\r\n.hidden file\r\n..two dots\r\nend.")
    }

    @Test func test_authPlainWithTheRightPasswordIsAccepted() async throws {
        let sink = try SMTPSink(["--auth", "scholar@example.org:p@ss:word"])
        defer { sink.stop() }
        let message = MailMessage(from: "scholar@example.org", to: ["b@example.org"], subject: "Auth", body: "ok")

        // The user's "@" and the password's "@" and ":" are percent-encoded in the URL.
        try await client.send(message, using: SMTPConfiguration(url: "smtp://scholar%40example.org:p%40ss%3Aword@127.0.0.1:\(sink.port)"))

        #expect(try sink.message(1)?.authenticated == true)
    }

    @Test func test_wrongPasswordIsRefusedWithAMessageAboutThePassword() async throws {
        let sink = try SMTPSink(["--auth", "scholar:secret"])
        defer { sink.stop() }
        let message = MailMessage(from: "a@example.org", to: ["b@example.org"], subject: "Auth", body: "no")

        let error = await #expect(throws: MailError.self) {
            try await client.send(message, using: SMTPConfiguration(url: "smtp://scholar:wrong@127.0.0.1:\(sink.port)"))
        }
        guard case let .refused(command, code, _) = error else {
            Issue.record("expected .refused, got \(String(describing: error))")
            return
        }
        #expect(command == "AUTH PLAIN")
        #expect(code == 535)
        let text = error?.errorDescription ?? ""
        #expect(text.contains("password"))
        #expect(!text.contains("wrong"))  // the password itself is never shown
        #expect(try sink.messageCount() == 0)
    }

    @Test func test_missingCredentialsAreRefusedAtMailFrom() async throws {
        let sink = try SMTPSink(["--auth", "scholar:secret"])
        defer { sink.stop() }
        let message = MailMessage(from: "a@example.org", to: ["b@example.org"], subject: "No auth", body: "no")

        let error = await #expect(throws: MailError.self) {
            try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)"))
        }
        #expect(error == .refused(command: "MAIL FROM:<a@example.org>", code: 530, message: "5.7.0 Authentication required"))
    }

    @Test func test_refusedRecipientAbortsTheMessage() async throws {
        let sink = try SMTPSink(["--reject", "gone@example.org"])
        defer { sink.stop() }
        let message = MailMessage(
            from: "a@example.org", to: ["ok@example.org", "gone@example.org"], subject: "Refused", body: "no")

        let error = await #expect(throws: MailError.self) {
            try await client.send(message, using: SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)"))
        }
        #expect(error == .refused(command: "RCPT TO:<gone@example.org>", code: 550, message: "5.1.1 <gone@example.org>: mailbox unavailable"))
        #expect(error?.errorDescription?.contains("recipient") == true)
        #expect(try sink.messageCount() == 0)
    }
}
