import Foundation
import HTTPTransport

/// Why the Bottega server did not log the customer in. Where the server refused, the case
/// carries its message (`{"error": {"code", "message"}}`), written for the person logging in.
public enum RemoteLoginError: Error, Sendable, Equatable, LocalizedError {
    /// 401 `invalid_credentials`: no account with this email, or the wrong password (one answer
    /// for both, so the server does not tell which emails have accounts).
    case invalidCredentials(message: String)
    /// 403 `account_inactive`: the password is right and the shop has the account switched off.
    case accountInactive(message: String)
    /// 429 `too_many_attempts`: too many wrong passwords; try again after `retryAfterSeconds`.
    case tooManyAttempts(message: String, retryAfterSeconds: Int?)
    /// Any other refusal the server explained (400 `invalid_email`, 502 the shop is down, …).
    case refused(status: Int, code: String, message: String)
    /// An answer that is not the server's JSON (another server at this address, a proxy's page).
    case unreadableAnswer(status: Int, reason: String)
    /// The server could not be reached, or the connection broke before the whole answer came.
    case unreachable(server: String, reason: String)
    case timedOut(server: String, after: Duration)
    case cancelled
    /// The configured server address cannot be used for a login.
    case invalidServer(String, reason: String)

    /// The server's message where it gave one, or what went wrong and what to do.
    public var errorDescription: String? {
        switch self {
        case .invalidCredentials(let message), .accountInactive(let message), .refused(_, _, let message):
            return message
        case .tooManyAttempts(let message, _):
            return message
        case .unreadableAnswer(let status, let reason):
            return "The server's answer (HTTP \(status)) could not be read: \(reason). Check the server address."
        case .unreachable(let server, let reason):
            return "\(server) could not be reached: \(reason). Check the connection and try again."
        case .timedOut(let server, let after):
            let milliseconds = after.components.seconds * 1000 + after.components.attoseconds / 1_000_000_000_000_000
            return "\(server) did not answer within \(milliseconds) ms. Try again later."
        case .cancelled:
            return "The login was cancelled."
        case .invalidServer(let server, let reason):
            return "\(server) cannot be used to log in: \(reason)."
        }
    }

    init(_ failure: HTTPTransportFailure, server: URL) {
        let name = server.host ?? server.absoluteString
        switch failure {
        case .unreachable(let reason), .connectionLost(let reason, _): self = .unreachable(server: name, reason: reason)
        case .timedOut(let after): self = .timedOut(server: name, after: after)
        case .tooLarge(let limit): self = .unreadableAnswer(status: 0, reason: "it is larger than \(limit) bytes, so not a login answer")
        case .cancelled: self = .cancelled
        }
    }

    /// The error a non-200 answer stands for: the server's code and message when it is the
    /// API's error document, the status otherwise.
    init(refusal response: HTTPTransportResponse) {
        struct Document: Decodable {
            struct Detail: Decodable { let code: String; let message: String }
            let error: Detail
        }
        guard let detail = try? JSONDecoder().decode(Document.self, from: Data(response.body)).error else {
            self = .unreadableAnswer(status: response.status, reason: "it is not the API's {\"error\": {\"code\", \"message\"}}")
            return
        }
        switch (response.status, detail.code) {
        case (401, "invalid_credentials"): self = .invalidCredentials(message: detail.message)
        case (403, "account_inactive"): self = .accountInactive(message: detail.message)
        case (429, _): self = .tooManyAttempts(message: detail.message, retryAfterSeconds: response.header("Retry-After").flatMap { Int($0) })
        default: self = .refused(status: response.status, code: detail.code, message: detail.message)
        }
    }
}
