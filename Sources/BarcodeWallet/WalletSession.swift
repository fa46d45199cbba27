import Foundation

/// A successful log-in: `token` goes into the session cookie (secure, HTTP-only) and is shown
/// nowhere else; the database keeps only its digest.
public struct WalletSession: Sendable, Hashable {
    public var token: String
    public var user: WalletUser
    public var expires: Date

    public init(token: String, user: WalletUser, expires: Date) {
        self.token = token
        self.user = user
        self.expires = expires
    }

    /// How long a log-in lasts: 30 days, then the user logs in again.
    public static let lifetime: TimeInterval = 30 * 24 * 3_600
}
