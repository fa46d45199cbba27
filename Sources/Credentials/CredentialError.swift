import Foundation

/// Why a password was refused or could not be hashed, in words the person choosing it can act on.
public enum CredentialError: Error, Sendable, Equatable, LocalizedError {
    /// Fewer characters than ``PasswordPolicy/minimumLength``.
    case passwordTooShort(length: Int, minimum: Int)
    /// More characters than ``PasswordPolicy/maximumLength``.
    case passwordTooLong(length: Int, maximum: Int)
    /// Only spaces, tabs or line breaks.
    case passwordBlank
    /// The key derivation itself failed (it does only when memory runs out); `reason` is the library's.
    case hashingFailed(reason: String)

    /// A stable identifier for APIs and logs; the message may be reworded, this never is.
    public var code: String {
        switch self {
        case .passwordTooShort: "password too short"
        case .passwordTooLong: "password too long"
        case .passwordBlank: "password blank"
        case .hashingFailed: "hashing failed"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .passwordTooShort(let length, let minimum):
            "The password has \(length) character\(length == 1 ? "" : "s"); choose one of at least \(minimum) (a few unrelated words are easy to remember)."
        case .passwordTooLong(let length, let maximum):
            "The password has \(length) characters; choose one of at most \(maximum)."
        case .passwordBlank:
            "The password is only spaces; choose one with letters, digits or symbols in it."
        case .hashingFailed(let reason):
            "The password could not be stored safely (\(reason)); try again in a moment."
        }
    }
}
