/// Why a customer could not log in or register. Wrong password and unknown email are one case
/// (``invalidCredentials``), so the answer does not tell which emails have accounts.
public enum LoginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No usable account with this email, or the wrong password.
    case invalidCredentials
    /// The password is right but the shop has the account switched off (`active` = 0).
    case accountInactive(customerID: Int)
    /// The stored hash is PrestaShop 1.5/1.6's `md5(_COOKIE_KEY_ . password)` (a 1.6 shop, or a
    /// 1.7+ shop where this customer has not logged in since the upgrade, so was not rehashed to
    /// bcrypt), and no cookie key is configured on this server.
    case cookieKeyRequired(customerID: Int)
    /// The stored hash is neither bcrypt nor 32 hex characters of MD5.
    case unsupportedHash(customerID: Int, prefix: String)
    /// bcrypt is verified with libxcrypt's `crypt_r`, which this platform lacks or refused. Apple
    /// platforms lack it: an app logs in with ``RemoteCustomerLogin``.
    case bcryptUnavailable(reason: String)
    /// The email cannot be sent as a filter (empty, or holding `[`, `]` or `|`).
    case invalidEmail(String)
    /// The shop could not be asked (network, key, unreadable answer).
    case lookupFailed(String)
    /// Registration: younger than the shop's minimum age.
    case tooYoung(minimumAge: Int, age: Int)
    /// Registration: a birthday after today.
    case birthdayInFuture(ShopDate)

    public var description: String {
        switch self {
        case .invalidCredentials:
            return "login: unknown email or wrong password"
        case .accountInactive(let id):
            return "login: customer \(id)'s account is disabled in the shop; the shop's staff can enable it"
        case .cookieKeyRequired(let id):
            return "login: customer \(id)'s password is an MD5 hash (PrestaShop 1.5/1.6, or not yet rehashed to bcrypt); "
                + "verifying it needs the shop's _COOKIE_KEY_: set SHOP_COOKIE_KEY on this server (never in an app)"
        case .unsupportedHash(let id, let prefix):
            return "login: customer \(id)'s stored password hash (starting \"\(prefix)\") is neither bcrypt nor MD5"
        case .bcryptUnavailable(let reason):
            return "login: cannot verify bcrypt here: \(reason)"
        case .invalidEmail(let email):
            return "login: \"\(email)\" is not an email that can be looked up"
        case .lookupFailed(let reason):
            return "login: could not read the shop's customers: \(reason)"
        case .tooYoung(let minimum, let age):
            return "registration: customers must be at least \(minimum) years old (this birthday gives \(age))"
        case .birthdayInFuture(let date):
            return "registration: the birthday \(date) is after today"
        }
    }
}
