import Foundation

/// What the store refused beyond the catalogue's and the purchase's own rules.
public enum TicketStoreError: Error, Sendable, Equatable, LocalizedError {
    /// No such ticket for this owner: another owner's ticket is reported the same way, so
    /// nobody learns which ids exist.
    case unknownTicket(Int64)
    case alreadyActivated(Int64)
    /// The ride's purchase is not paid yet: it cannot be activated.
    case notPaid(Int64)
    case emptyOwner
    /// The stored signing key is not a Curve25519 key: the database was edited by hand.
    case damagedSigningKey
    /// The key file holds another signing key than the one this database's tickets were signed with.
    case otherKeyFile(String)
    /// A row in the database no longer decodes (edited by hand, or a newer version's data).
    case damagedRecord(String)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .unknownTicket: "unknown ticket"
        case .alreadyActivated: "already activated"
        case .notPaid: "not paid"
        case .emptyOwner: "empty owner"
        case .damagedSigningKey: "damaged signing key"
        case .otherKeyFile: "other key file"
        case .damagedRecord: "damaged record"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownTicket(let id):
            "there is no ticket #\(id) among yours: \"My tickets\" lists them"
        case .alreadyActivated(let id):
            "ticket #\(id) is already activated: show its QR Code"
        case .notPaid(let purchase):
            "purchase #\(purchase) is not paid yet: its rides can be activated once the payment is confirmed"
        case .emptyOwner:
            "a purchase needs an owner: log in first"
        case .damagedSigningKey:
            "the stored ticket signing key is damaged: restore the database from a backup (a new key would invalidate every ticket sold)"
        case .otherKeyFile(let path):
            "the key file \(path) is not the one this database's tickets were signed with: start with the key file made beside this database (its tickets would no longer verify)"
        case .damagedRecord(let what):
            "a stored record cannot be read (\(what)): restore the database from a backup"
        }
    }
}
