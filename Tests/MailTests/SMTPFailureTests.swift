import Foundation
import Mail
import Testing
import TestSupport

/// Servers that do not behave: the client must fail fast and say why, never hang.
struct SMTPFailureTests {
    let message = MailMessage(from: "a@example.org", to: ["b@example.org"], subject: "Hello", body: "Hi")

    /// The server never answers: without the deadline the send would wait for ever, so the
    /// `.timeout` error is the proof that the 1 s deadline fired; the time limit turns a hang
    /// into a failure. (A wall-clock bound measured here failed on a loaded machine: the
    /// resumed test waits for a cooperative thread behind hundreds of queued tests.)
    @Test(.timeLimit(.minutes(5)))
    func test_serverThatNeverGreetsEndsInATimeoutNotAHang() async throws {
        let server = try await QuietServer(.silent)

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(1))
                .send(message, using: SMTPConfiguration(host: "127.0.0.1", port: server.port))
        }

        #expect(error == .timeout)
        try await server.stop()
    }

    @Test func test_serverThatHangsUpLosesTheConnection() async throws {
        let server = try await QuietServer(.hangsUpAfterGreeting)

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(5))
                .send(message, using: SMTPConfiguration(host: "127.0.0.1", port: server.port))
        }

        #expect(error == .connectionLost)
        try await server.stop()
    }

    @Test func test_closedPortFailsToConnectAndNamesTheServer() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let port = refusing.port

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(5))
                .send(message, using: SMTPConfiguration(host: "127.0.0.1", port: port))
        }

        guard case .connectionFailed(host: "127.0.0.1", port: port, _) = error else {
            Issue.record("expected .connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(error?.errorDescription?.contains("127.0.0.1:\(port)") == true)
    }

    @Test func test_passwordIsNotSentUnencryptedToAnotherHost() async throws {
        // Refused before any connection is made, so the host need not exist.
        let error = await #expect(throws: MailError.self) {
            try await SMTPClient().send(message, using: SMTPConfiguration(url: "smtp://me:secret@mail.invalid"))
        }
        #expect(error == .authenticationNeedsTLS(host: "mail.invalid"))
    }

    @Test func test_messageWithoutSenderIsRefusedBeforeConnecting() async throws {
        let anonymous = MailMessage(to: ["b@example.org"], subject: "Hi", body: "Hi")
        let error = await #expect(throws: MailError.self) {
            try await SMTPClient().send(anonymous, using: SMTPConfiguration(url: "smtp://mail.invalid"))
        }
        #expect(error?.errorDescription?.contains("?from=") == true)
    }
}
