import Foundation

/// A ticket in "My tickets": bought, and either waiting to be activated or signed.
public struct IssuedTicket: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable {
        /// A ride bought as "multiple", not yet activated: no serial, payload or validity.
        case unused
        /// A pass whose first day has not come yet.
        case upcoming
        case active
        case expired
    }

    public var id: Int64
    public var purchaseID: Int64
    public var owner: String
    public var operatorCode: String
    public var productCode: String
    public var productName: String
    /// The signed ticket's serial; nil while unused.
    public var serial: UInt64?
    /// The signed text for the QR Code (`TicketPayload`); nil while unused.
    public var payload: String?
    public var validFrom: Date?
    public var validUntil: Date?
    /// A ride's minutes (what activation grants); nil for a pass.
    public var validityMinutes: Int?
    /// When it was bought.
    public var created: Date
    /// Derived from the validity and the store's clock when the ticket was read.
    public var state: State

    public init(
        id: Int64, purchaseID: Int64, owner: String, operatorCode: String, productCode: String, productName: String,
        serial: UInt64?, payload: String?, validFrom: Date?, validUntil: Date?, validityMinutes: Int?, created: Date,
        state: State
    ) {
        self.id = id
        self.purchaseID = purchaseID
        self.owner = owner
        self.operatorCode = operatorCode
        self.productCode = productCode
        self.productName = productName
        self.serial = serial
        self.payload = payload
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.validityMinutes = validityMinutes
        self.created = created
        self.state = state
    }

    /// The state at `instant`: unused without a validity, then by the half-open interval
    /// [validFrom, validUntil), as `TicketPayload.verify` judges it.
    public static func state(validFrom: Date?, validUntil: Date?, at instant: Date) -> State {
        guard let validFrom, let validUntil else { return .unused }
        if instant < validFrom { return .upcoming }
        return instant < validUntil ? .active : .expired
    }
}
