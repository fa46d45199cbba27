import Credentials
import Crypto
import Foundation

/// Every operator signs its own tickets (issue 39): an inspector's device holds its operator's
/// public key alone, so no other operator's ticket (and no ticket signed with another
/// operator's leaked key) reads "valid" on its buses.
///
/// A key id is the operator's code and the key's generation, `ATM-MI:1`; the payload carries it
/// (``TicketPayload``, formats 3 and 4). The private key is derived from the server's key file
/// under `ticket-signing:<key id>`, so nothing secret is stored in the database and a restart, or
/// a second server process, signs with the same key. Tickets signed before operators had keys
/// name no key: they verify with the server's one key, ``serverKeyID``.
public enum TicketSigningKeys {
    /// The generation every operator's key has today; a new one would rotate every key at once.
    public static let generation = 1
    /// How the server's own key, which signed the format 1 and 2 payloads, is listed.
    public static let serverKeyID = "server"

    public static func keyID(operatorCode: String) -> String { "\(operatorCode):\(generation)" }

    /// The operator a key id belongs to, when it is one of today's generation; nil otherwise.
    public static func operatorCode(ofKeyID keyID: String) -> String? {
        guard let colon = keyID.lastIndex(of: ":"), keyID[keyID.index(after: colon)...] == "\(generation)" else { return nil }
        let code = String(keyID[..<colon])
        return code.isEmpty ? nil : code
    }

    static func privateKey(keyID: String, keys: KeyFile) -> Curve25519.Signing.PrivateKey? {
        keys.key("ticket-signing:\(keyID)").withUnsafeBytes { try? Curve25519.Signing.PrivateKey(rawRepresentation: Data($0)) }
    }
}

/// A public key an inspector's device needs, with its id and operator.
public struct TicketPublicKey: Sendable, Hashable, Encodable {
    public let keyId: String
    /// nil for the server's key, which signed every operator's tickets before issue 39.
    public let `operator`: String?
    /// The Ed25519 public key, base64 of its 32 bytes.
    public let publicKey: String

    public init(keyId: String, operator code: String?, publicKey: Curve25519.Signing.PublicKey) {
        self.keyId = keyId
        self.operator = code
        self.publicKey = publicKey.rawRepresentation.base64EncodedString()
    }
}
