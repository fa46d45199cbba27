import Foundation
import OrderCompany
import WebCore

/// The company's agents logging in, by either protocol or to send an order, through one
/// ``LoginThrottle``: counted per agent (company and username), per address and both, as the
/// wallet's and the admin's log-ins are.
struct AgentLogins: Sendable {
    let throttle: LoginThrottle

    /// Runs `attempt` unless the agent or the address is closed (429), and counts the outcome:
    /// `wasWrongPassword` says from the answer, or the error, whether the password was wrong.
    func attempt<Answer>(
        _ credentials: (company: String, username: String), context: WebRequestContext,
        _ attempt: () async throws -> Answer, wasWrongPassword: (Result<Answer, any Error>) -> Bool
    ) async throws -> Answer {
        let keys = LoginAttempt(scope: "agent", account: "\(credentials.company)/\(credentials.username)", source: context.clientNetwork)
        try await throttle.check(keys)
        let outcome: Result<Answer, any Error>
        do { outcome = .success(try await attempt()) } catch { outcome = .failure(error) }
        if wasWrongPassword(outcome) {
            try await throttle.failed(keys)
        } else if case .success = outcome {
            try await throttle.succeeded(keys)
        }
        return try outcome.get()
    }

    /// `CompanyStore.authenticate` through the throttle.
    func authenticate(_ credentials: AgentCredentials, services: OrderServices, context: WebRequestContext) async throws -> AgentAccess {
        try await attempt((credentials.company, credentials.username), context: context) {
            try await services.company.authenticate(company: credentials.company, username: credentials.username, password: credentials.password)
        } wasWrongPassword: { outcome in
            if case .success(.wrongPassword) = outcome { true } else { false }
        }
    }
}
