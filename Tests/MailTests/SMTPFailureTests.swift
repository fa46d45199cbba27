import Foundation
import Mail
import Testing

/// Servers that do not behave: the client must fail fast and say why, never hang.
struct SMTPFailureTests {
    let message = MailMessage(from: "a@example.org", to: ["b@example.org"], subject: "Hello", body: "Hi")

    @Test func test_serverThatNeverGreetsEndsInATimeoutNotAHang() async throws {
        let server = try await QuietServer(.silent)
        let clock = ContinuousClock()
        let start = clock.now

        let error = await #expect(throws: MailError.self) {
            try await SMTPClient(timeout: .seconds(1))
                .send(message, using: SMTPConfiguration(host: "127.0.0.1", port: server.port))
        }

        #expect(error == .timeout)
        // The server never answers: without the deadline the send would wait for ever. The bound
        // is loose on purpose (a busy CI machine is slow); it only proves the deadline fired.
        #expect(clock.now - start < .seconds(30))
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
        let server = try await QuietServer(.silent)
        let port = server.port
        try await server.stop()

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
