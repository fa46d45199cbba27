import Logging
import Mail
import MailOutbox
import ServiceLifecycle
import WebCore

/// The outbox's courier as a service of `bottega serve`: it delivers queued order e-mails over
/// SMTP every few seconds while the server runs, and stops with it.
public struct OutboxCourier: Service {
    let outbox: MailOutbox
    let configuration: SMTPConfiguration
    let logger = Logger(label: "bottega.outbox")

    public init(outbox: MailOutbox, configuration: SMTPConfiguration) {
        self.outbox = outbox
        self.configuration = configuration
    }

    public func run() async throws {
        let client = SMTPClient()
        let configuration = configuration
        let logger = logger
        await cancelWhenGracefulShutdown {
            await outbox.deliverContinuously(
                using: { message in try await client.send(message, using: configuration) },
                onRound: { report in
                    for (id, reason) in report.failed { logger.warning("mail \(id) not sent yet: \(reason)") }
                },
                onFailure: { error in logger.error("outbox round failed: \(error)") }
            )
        }
    }
}
