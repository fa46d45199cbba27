import Foundation

/// The company server's answer to the thesis's `check` request, which the agent's app sends
/// before syncing (§3.2.2, UC3). The four answers are the thesis's own words. §3.1.1 calls the
/// "nothing new" answer `updateeno`, UC3 `update=0`: the server sends `update=0`, the agent
/// reads both.
///
/// | text       | meaning                                                        |
/// |------------|----------------------------------------------------------------|
/// | `updateok` | credentials accepted, the company has changes: sync now        |
/// | `update=0` | credentials accepted, nothing changed since the last sync      |
/// | `pwdfail`  | wrong username or password                                     |
/// | `deleted`  | the subscription was ended: remove the company's data (``SyncCommand/deleteAll(company:)``) |
public enum CheckAnswer: String, Sendable, Hashable, CaseIterable {
    case updatesAvailable = "updateok"
    case noUpdates = "update=0"
    case wrongPassword = "pwdfail"
    case subscriptionDeleted = "deleted"

    /// The answer in a response body; spaces and line breaks around it (and a byte-order mark)
    /// are ignored, the word itself must be exact.
    public init(parsing body: String) throws(CheckAnswerError) {
        let text = body.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        if let answer = CheckAnswer(rawValue: text) {
            self = answer
        } else if text == "updateeno" {
            self = .noUpdates
        } else if text.hasPrefix("***") {
            throw .serverError(String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces))
        } else {
            throw .unknownAnswer(text)
        }
    }

    /// The body the company server sends (no line break).
    public var text: String { rawValue }
}

/// A `check` answer the agent's app cannot act on.
public enum CheckAnswerError: Error, LocalizedError, Sendable, Hashable {
    /// None of the four answers; the text found (cut to 200 characters).
    case unknownAnswer(String)
    /// A `***` line: the server reports an error.
    case serverError(String)

    public var code: String {
        switch self {
        case .unknownAnswer: "sync.check.unknownAnswer"
        case .serverError: "sync.check.serverError"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownAnswer(let text):
            "The company's server answered “\(text.prefix(200))” to the check, which is none of updateok, update=0, pwdfail or deleted: "
                + "check the server address."
        case .serverError(let message):
            "The company's server reports an error: \(message)."
        }
    }
}
