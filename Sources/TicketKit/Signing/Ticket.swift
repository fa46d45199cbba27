import Foundation

/// What a ticket's QR Code carries: who sold what, when it is valid, and its serial.
public struct Ticket: Sendable, Hashable {
    /// The operator's code in the catalogue, e.g. "ATAC".
    public var operatorCode: String
    /// The product's code, e.g. "BIT-100".
    public var productCode: String
    /// Valid from this instant, up to (excluding) `validUntil`. Whole seconds: the payload
    /// carries no fractions.
    public var validity: DateInterval
    public var serial: UInt64
    /// A pass's holder (the name an inspector checks against an ID), and the operator's card
    /// number where it uses one; nil on a ride ticket.
    public var holder: String?
    public var cardNumber: String?
    /// Which key signed it (``TicketSigningKeys``): the operator's own, `ATM-MI:1`; nil for a
    /// ticket signed before operators had keys (format 1 and 2), by the server's one key.
    public var keyID: String?

    public init(
        operatorCode: String, productCode: String, validity: DateInterval, serial: UInt64, holder: String? = nil, cardNumber: String? = nil,
        keyID: String? = nil
    ) {
        self.keyID = keyID
        self.operatorCode = operatorCode
        self.productCode = productCode
        self.validity = validity
        self.serial = serial
        self.holder = holder
        self.cardNumber = cardNumber
    }
}

/// Why an inspector's device refuses a ticket.
public enum TicketRejection: Error, Sendable, Equatable, LocalizedError {
    /// Not a Bottega ticket, or damaged: `reason` says what is wrong.
    case malformed(reason: String)
    /// The signature does not match the content: forged, altered, or signed with another key.
    case badSignature
    case expired(at: Date)
    case notYetValid(until: Date)
    /// Signed, but for a purchase that is not paid (the server's check only: the QR cannot know).
    case notPaid
    /// Another operator's ticket: an inspector checks their own operator's tickets only, so a
    /// Padova ticket never reads "valid" on an ATM bus.
    case otherOperator(ticket: String, inspector: String)
    /// Signed with a key this check does not hold (another server's, or a key id made up).
    case unknownKey(String)

    /// The short reason the CLI and the API report.
    public var code: String {
        switch self {
        case .malformed: "malformed"
        case .badSignature: "bad signature"
        case .expired: "expired"
        case .notYetValid: "not yet valid"
        case .notPaid: "not paid"
        case .otherOperator: "other operator"
        case .unknownKey: "unknown key"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .malformed(let reason): "malformed: \(reason)"
        case .badSignature: "bad signature: the ticket was altered or not issued with this operator's key"
        case .expired(let end): "expired: it was valid until \(end.formatted(.iso8601))"
        case .notYetValid(let start): "not yet valid: it is valid from \(start.formatted(.iso8601))"
        case .notPaid: "not paid: this ticket's purchase has not been paid, so it is not valid"
        case .otherOperator(let ticket, let inspector): "other operator: this is a ticket of \(ticket), not of \(inspector), so it is not valid here"
        case .unknownKey(let id): "unknown key: the ticket names signing key \(id), which this check does not have"
        }
    }
}
