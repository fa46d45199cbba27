import Foundation

/// Where a purchase stands (issue 24): nothing is valid before it is paid.
public enum PurchaseState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Recorded; the rider still has to pay (send the SMS, or wait for the operator's
    /// confirmation). No ticket of it is signed.
    case awaitingPayment
    /// Paid: a Bottega-run operator confirmed the payment (its back office or its signed
    /// callback) and Bottega signs its tickets (rides when activated). Said of nothing else.
    case paid
    /// An SMS operator's purchase whose replies the rider pasted: the operator's ticket, kept
    /// word for word, which Bottega cannot verify (anyone can type a reply). Never `paid`.
    case operatorReply
    /// Given up before it was paid; nothing of it is valid.
    case cancelled
}
