#if canImport(CCrypt)
import CCrypt
#endif

/// A new customer's password as a bcrypt hash (`$2y$10$…`, PHP's `password_hash` at PrestaShop's
/// cost of 10), made on the trusted server that registers the customer.
///
/// The salt comes from libxcrypt's `crypt_gensalt_rn` with no caller bytes, so it reads the
/// operating system's random source: every call gives a new salt.
public enum NewPassword {
    /// bcrypt of `password` at `cost` (PrestaShop 1.7+ uses 10), tagged `$2y$` as PHP writes it.
    public static func hash(_ password: String, cost: Int = 10) throws(LoginError) -> String {
        guard !password.isEmpty else { throw .bcryptUnavailable(reason: "an empty password cannot be hashed") }
        #if canImport(CCrypt)
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$2y$", UInt(max(4, min(31, cost))), nil, 0, &setting, Int32(setting.count)) != nil else {
            throw .bcryptUnavailable(reason: "crypt_gensalt_rn made no bcrypt salt")
        }
        let salt = String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return try Bcrypt.hash(password, setting: salt)
        #else
        throw .bcryptUnavailable(
            reason: "libxcrypt (crypt_r) is only linked on Linux; in an app, register through the Bottega server (POST /api/shop/register)")
        #endif
    }
}
