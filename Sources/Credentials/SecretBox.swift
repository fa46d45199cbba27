import Crypto
import Foundation

/// A secret that must be sent somewhere later (a password another server checks), so it cannot be
/// hashed: it is stored sealed with ChaCha20-Poly1305 under a key from the ``KeyFile``.
///
/// The seal is bound to a context (for the agent's company password, the server and the account
/// it belongs to): a sealed value copied to another row, or a row whose server was changed
/// behind the store's back, no longer opens, so the secret never goes where it was not given for.
public struct SecretBox: Sendable {
    private let key: SymmetricKey
    static let prefix = "sealed-v1:"

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// Whether `stored` is a sealed value rather than text an earlier version kept as it was.
    public static func isSealed(_ stored: String) -> Bool { stored.hasPrefix(prefix) }

    /// `secret` sealed for `context`, as printable text. Throws only for a key that is not 256 bits.
    public func seal(_ secret: String, for context: String) throws -> String {
        let box = try ChaChaPoly.seal(Data(secret.utf8), using: key, authenticating: Data(context.utf8))
        return Self.prefix + box.combined.base64EncodedString()
    }

    /// The secret sealed in `stored`, or nil when it is not sealed, was sealed under another key,
    /// was sealed for another context, or was altered.
    public func open(_ stored: String, for context: String) -> String? {
        guard Self.isSealed(stored), let combined = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
              let box = try? ChaChaPoly.SealedBox(combined: combined),
              let plain = try? ChaChaPoly.open(box, using: key, authenticating: Data(context.utf8)) else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}
