import Foundation
import TestSupport
import Mail
import Testing

/// STARTTLS and implicit TLS against aiosmtpd with a self-signed certificate made by openssl.
@Suite(.enabled(if: SMTPSink.isAvailable && TestCertificate.openssl != nil, Comment(rawValue: SMTPSink.skipReason)))
struct SMTPTLSTests {
    let message = MailMessage(from: "scholar@example.org", to: ["b@example.org"], subject: "TLS", body: "secret")

    /// A sink with TLS, and a client that trusts its certificate.
    func sinkAndClient(_ options: [String]) throws -> (SMTPSink, SMTPClient, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificate = try TestCertificate(in: folder)
        let sink = try SMTPSink(["--tls-cert", certificate.certificate, "--tls-key", certificate.key] + options)
        return (sink, SMTPClient(timeout: .seconds(5), trustedCertificatesFile: certificate.certificate), folder)
    }

    @Test func test_startTLSUpgradesTheConnectionBeforeAuth() async throws {
        let (sink, client, folder) = try sinkAndClient(["--auth", "scholar:secret"])
        defer { sink.stop(); try? FileManager.default.removeItem(at: folder) }

        try await client.send(message, using: SMTPConfiguration(url: "smtp+starttls://scholar:secret@127.0.0.1:\(sink.port)"))

        let received = try #require(try sink.message(1))
        #expect(received.tls)
        #expect(received.authenticated == true)
    }

    @Test func test_implicitTLSWorksFromTheFirstByte() async throws {
        let (sink, client, folder) = try sinkAndClient(["--implicit-tls"])
        defer { sink.stop(); try? FileManager.default.removeItem(at: folder) }

        try await client.send(message, using: SMTPConfiguration(url: "smtps://127.0.0.1:\(sink.port)"))

        #expect(try sink.message(1)?.tls == true)
    }

    @Test func test_untrustedCertificateFailsTheHandshake() async throws {
        let (sink, _, folder) = try sinkAndClient([])
        defer { sink.stop(); try? FileManager.default.removeItem(at: folder) }

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(5))
                .send(message, using: SMTPConfiguration(url: "smtp+starttls://127.0.0.1:\(sink.port)"))
        }
        guard case .tlsFailed = error else {
            Issue.record("expected .tlsFailed, got \(String(describing: error))")
            return
        }
        #expect(try sink.messageCount() == 0)
    }

    @Test func test_startTLSRequiredButNotOfferedIsRefused() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(5))
                .send(message, using: SMTPConfiguration(url: "smtp+starttls://127.0.0.1:\(sink.port)"))
        }
        #expect(error == .startTLSUnavailable)
    }
}
