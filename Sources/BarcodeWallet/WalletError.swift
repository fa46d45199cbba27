import BarcodeKit
import Foundation

/// Why a wallet request was refused, in words the user can act on, with a stable ``code`` for
/// the JSON API (`{"error": {"code": ..., "message": ...}}`).
public enum WalletError: Error, Sendable, Equatable, LocalizedError {
    /// Registration: another profile has this nickname (compared ignoring case).
    case nicknameTaken(String)
    /// Registration: a field of ``NewProfile`` is empty, too long or malformed; `field` names it.
    case invalidProfile(field: String, problem: String)
    /// Registration: several fields are wrong, each with its problem, reported together so the
    /// form can be put right in one go.
    case invalidProfileFields([FieldProblem])
    /// Registration: the password does not meet ``Credentials/PasswordPolicy``; `problem` says why.
    case invalidPassword(problem: String)
    /// Log-in or profile deletion: no such nickname, or the wrong password. The two are one error
    /// on purpose, so that trying names does not reveal which exist.
    case wrongPassword
    /// The user already saved this code, at `savedAt`.
    case duplicate(format: BarcodeFormat, text: String, savedAt: Date)
    /// The code is not valid for its format; `problem` is BarcodeKit's reason.
    case invalidCode(format: BarcodeFormat, problem: String)
    /// The description is longer than ``SavedCode/maximumDescriptionLength``.
    case invalidDescription(problem: String)
    /// The code exists in the wallet but this user did not save it.
    case notYours(codeID: Int64)
    /// No such code (or user) in the wallet.
    case notFound(String)
    /// The built-in default user cannot be deleted or logged in to.
    case defaultUser
    /// The database failed; `reason` is SQLite's.
    case storage(reason: String)

    /// Stable identifiers: the messages may be reworded, these never are.
    public var code: String {
        switch self {
        case .nicknameTaken: "nickname taken"
        case .invalidProfile, .invalidProfileFields: "invalid profile"
        case .invalidPassword: "invalid password"
        case .wrongPassword: "wrong password"
        case .duplicate: "duplicate"
        case .invalidCode: "invalid code"
        case .invalidDescription: "invalid description"
        case .notYours: "not yours"
        case .notFound: "not found"
        case .defaultUser: "default user"
        case .storage: "storage"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .nicknameTaken(let nickname):
            "The nickname \"\(nickname)\" is taken; choose another one."
        case .invalidProfile(let field, let problem):
            "The \(field) \(problem)."
        case .invalidProfileFields(let problems):
            problems.map { "The \($0.field) \($0.problem)." }.joined(separator: " ")
        case .invalidPassword(let problem):
            problem
        case .wrongPassword:
            "The nickname or the password is wrong; check both and try again."
        case .duplicate(let format, let text, let savedAt):
            "You already saved \(format.displayName) \(WalletCode.shortened(text)) on \(WalletCode.day(of: savedAt))."
        case .invalidCode(let format, let problem):
            "This is not a valid \(format.displayName): \(problem)."
        case .invalidDescription(let problem):
            "The description \(problem)."
        case .notYours:
            "This code was saved by someone else; you can delete only the codes you saved."
        case .notFound(let what):
            "\(what) is not in the wallet; it may have been deleted."
        case .defaultUser:
            "The shared \"\(WalletUser.defaultNickname)\" profile belongs to everyone and cannot be deleted or logged in to."
        case .storage(let reason):
            "The wallet could not be read or saved (\(reason)); try again in a moment."
        }
    }
}

/// One field of a form and what is wrong with it.
public struct FieldProblem: Sendable, Equatable {
    /// The field as the form names it to people ("first name").
    public var field: String
    public var problem: String

    public init(field: String, problem: String) {
        (self.field, self.problem) = (field, problem)
    }
}
