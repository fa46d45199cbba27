import Foundation

/// What an inspector learns from checking a ticket, in the shape the CLI's JSON and the API
/// both give: valid with what it is for and when, or rejected with the reason's code and words.
public struct TicketVerificationReport: Encodable, Sendable, Equatable {
    public let valid: Bool
    /// The rejection's code (`bad_signature`, `expired`, …); `nil` when valid.
    public let reason: String?
    public let message: String?
    public let `operator`: String?
    public let product: String?
    public let serial: String?
    public let validFrom: Date?
    public let validUntil: Date?
    /// A pass's holder and card number: the inspector asks for an ID with that name.
    public let holder: String?
    public let cardNumber: String?
    /// The key that signed it (``TicketSigningKeys``): `ATM-MI:1`, or `server` for a ticket from
    /// before operators had keys.
    public let keyId: String?

    public init(_ result: Result<Ticket, TicketRejection>) {
        switch result {
        case .success(let ticket):
            (valid, reason, message) = (true, nil, nil)
            (`operator`, product, serial) = (ticket.operatorCode, ticket.productCode, String(ticket.serial))
            (validFrom, validUntil) = (ticket.validity.start, ticket.validity.end)
            (holder, cardNumber) = (ticket.holder, ticket.cardNumber)
            keyId = ticket.keyID ?? TicketSigningKeys.serverKeyID
        case .failure(let rejection):
            (valid, reason, message) = (false, rejection.code, rejection.localizedDescription)
            (`operator`, product, serial, validFrom, validUntil, holder, cardNumber) = (nil, nil, nil, nil, nil, nil, nil)
            keyId = nil
        }
    }
}
