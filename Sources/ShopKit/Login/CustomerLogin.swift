import Foundation

/// A client-side login against a PrestaShop shop, which has no login endpoint (API-NOTES §12):
/// read the customers with the email, pick the account, verify the stored hash here.
///
/// Run this on a trusted server: the API key it needs can read every customer's hash, and the
/// MD5 scheme needs the shop's `_COOKIE_KEY_`; neither belongs in an app. bcrypt comes from
/// libxcrypt, linked on Linux only: on Apple platforms every bcrypt check throws
/// ``LoginError/bcryptUnavailable(reason:)``. An iOS or macOS app logs in with
/// ``RemoteCustomerLogin`` instead, through the Bottega server that holds the key
/// (`POST /api/shop/login`, docs/shop-facade.md "Never ship the webservice key in an app").
public struct CustomerLogin: Sendable {
    public let lookup: any CustomerLookup
    /// The shop's `_COOKIE_KEY_` (`SHOP_COOKIE_KEY`), only needed for MD5 hashes (1.5/1.6, or
    /// 1.7+ customers not yet rehashed). nil: MD5 hashes are refused with ``LoginError/cookieKeyRequired(customerID:)``.
    public let cookieKey: String?

    public init(lookup: any CustomerLookup, cookieKey: String? = nil) {
        self.lookup = lookup
        self.cookieKey = cookieKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The cookie key from the server's environment variable `SHOP_COOKIE_KEY` (the shop's
    /// `_COOKIE_KEY_`: `config/settings.inc.php` in 1.6, `cookie_key` in `app/config/parameters.php`
    /// from 1.7); nil when unset or empty.
    /// The caller hands the environment in: a Kit reads no process state of its own.
    public static func cookieKey(from environment: [String: String]) -> String? {
        environment["SHOP_COOKIE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A bcrypt hash at PrestaShop's cost (10) of a password nobody has, made with Python's
    /// `crypt.crypt("bottega-timing-dummy", "$2y$10$" + 22 salt characters)`. An unknown email
    /// (and an MD5 account) is verified against it too, so every answer costs one bcrypt.
    static let timingDummy = "$2y$10$Bottega0Timing0Dummy0uzUo2fEdsqKwg7LskgMuBzkuBtm4goWy"

    /// The customer with this email and password. Wrong password and unknown email throw the
    /// same ``LoginError/invalidCredentials`` after the same work. bcrypt at cost 10 takes tens
    /// of milliseconds of CPU on the calling task: the price of the check. A server that must
    /// keep its request threads free calls the two halves itself, ``accounts(withEmail:)`` on
    /// its task and ``check(_:against:)`` on threads of its own.
    public func authenticate(email: String, password: String) async throws(LoginError) -> Customer {
        try check(password, against: try await accounts(withEmail: email))
    }

    /// The accounts a login with `email` may use (one request to the shop; no password work).
    public func accounts(withEmail email: String) async throws(LoginError) -> [Customer] {
        let trimmed = email.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalidEmail(email) }
        return Self.candidates(try await lookup.customers(withEmail: trimmed), email: trimmed)
    }

    /// The account among `candidates` whose stored hash `password` matches: the CPU-bound half of
    /// ``authenticate(email:password:)``, synchronous.
    public func check(_ password: String, against candidates: [Customer]) throws(LoginError) -> Customer {
        guard !candidates.isEmpty else {
            _ = try? Bcrypt.verify(password, against: Self.timingDummy)
            throw .invalidCredentials
        }
        for customer in candidates {
            let id = customer.id ?? 0
            let stored = customer.passwordHash ?? ""
            let matches: Bool
            switch StoredPassword(stored) {
            case .bcrypt(let hash):
                matches = try Bcrypt.verify(password, against: hash)
            case .md5(let hash):
                guard let cookieKey else { throw .cookieKeyRequired(customerID: id) }
                _ = try? Bcrypt.verify(password, against: Self.timingDummy)
                matches = ConstantTime.equal(Array(StoredPassword.legacyHash(password, cookieKey: cookieKey).utf8), Array(hash.utf8))
            case .unknown:
                throw .unsupportedHash(customerID: id, prefix: String(stored.prefix(4)))
            }
            guard matches else { continue }
            guard customer.active == true else { throw .accountInactive(customerID: id) }
            return customer
        }
        throw .invalidCredentials
    }

    /// The accounts a login may use, best first: not deleted, not a guest (guest accounts have
    /// no password the customer knows; PrestaShop's own login ignores them), the email equal
    /// ignoring case (the filter is SQL `=`, which ignores case in MySQL's collations), active
    /// before inactive.
    static func candidates(_ customers: [Customer], email: String) -> [Customer] {
        customers
            .filter { $0.deleted != true && $0.isGuest != true && ($0.email ?? "").lowercased() == email.lowercased() }
            .sorted { ($0.active == true ? 0 : 1, $0.id ?? 0) < ($1.active == true ? 0 : 1, $1.id ?? 0) }
    }
}
