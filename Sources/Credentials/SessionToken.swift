import Crypto
import Foundation

/// Session tokens: the browser holds the token, the database holds only its digest.
///
/// A stolen copy of the database (a backup, a copied file) then cannot be replayed as anyone's
/// cookie. SHA-256 without a salt or a slow hash is enough here, unlike for passwords, because
/// the token is 256 random bits: there is nothing to guess (OWASP Session Management Cheat
/// Sheet: session ID entropy of at least 64 bits).
public enum SessionToken {
    /// 32 random bytes in base64url without padding (RFC 4648 §5): 43 characters, safe in a
    /// cookie and a URL as they are.
    public static func generate() -> String {
        Data(SecureRandom.bytes(32)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of the token's UTF-8 bytes in lowercase hex: what the database stores and
    /// looks sessions up by.
    public static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
