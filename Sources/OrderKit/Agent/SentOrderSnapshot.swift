import Foundation

/// An order as it went to the company, frozen at its first attempt (issue 40): the customer,
/// supplier and agent as they were, the lines, the terms, the recipients the agent confirmed,
/// and, once the company answered, the PDF it mailed. Syncs, re-uploads and edits never change
/// it; "Change" makes a new draft instead.
public struct SentOrderSnapshot: Sendable, Hashable {
    public var orderID: Int64
    /// The company code of the subscription it went to; nil for an order sent by hand.
    public var company: String?
    /// The name printed at the top of the document: the company's own name once it answered.
    public var companyName: String
    /// The exact bytes posted: every resend posts them again, so the company sees one body per key.
    public var body: [UInt8]
    public var submission: OrderSubmission
    public var frozenAt: Date
    /// When the company registered it (its answer), if it did.
    public var receivedAt: Date?
    /// The PDF the company mailed (or, for a server that does not return it, the one printed
    /// from this snapshot the first time it was asked for).
    public var document: [UInt8]?
}
