import Foundation

/// Where a purchase stands (issue 24): nothing is valid before it is paid.
public enum PurchaseState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Recorded; the rider still has to pay (send the SMS, or wait for the operator's
    /// confirmation). No ticket of it is signed.
    case awaitingPayment
    /// Paid: Bottega-run tickets are signed (rides when activated); an SMS operator's reply
    /// is the ticket.
    case paid
    /// Given up before it was paid; nothing of it is valid.
    case cancelled
}
