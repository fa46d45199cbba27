import Crypto

/// The two ways PrestaShop stores `customers.passwd` (API-NOTES §12).
enum StoredPassword {
    /// 1.7.0 and later: `password_hash(p, PASSWORD_BCRYPT)`, verifiable with the password alone.
    case bcrypt(String)
    /// 1.5 and 1.6 (and 1.7+ customers not yet rehashed): `md5(_COOKIE_KEY_ . p)`, lowercase hex.
    case md5(String)
    case unknown

    init(_ stored: String) {
        if Bcrypt.isHash(stored) {
            self = .bcrypt(stored)
        } else if stored.utf8.count == 32, stored.utf8.allSatisfy({ Self.isHexDigit($0) }) {
            self = .md5(stored.lowercased())
        } else {
            self = .unknown
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// PrestaShop's `Tools::encrypt`: MD5 of the cookie key followed by the password, as hex.
    static func legacyHash(_ password: String, cookieKey: String) -> String {
        let digest = Insecure.MD5.hash(data: Array((cookieKey + password).utf8))
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
