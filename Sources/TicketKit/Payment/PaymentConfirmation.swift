import Crypto
import Foundation

/// A Bottega-run operator's payment system telling Bottega that a purchase was paid
/// (`POST /api/tickets/payments`): signed with the operator's secret, so nobody else can mark
/// a purchase paid, and refused when replayed.
///
/// The signature is the lowercase hex HMAC-SHA256, under the operator's secret, of
/// ``signedText``: `bottega-payment-v1`, the purchase id, the amount (`2.20`), the Unix time
/// of signing and the operator's own reference, one per line.
public struct PaymentConfirmation: Sendable, Hashable, Codable {
    public var purchase: Int64
    /// The amount paid, in euro with two decimals; it must be the purchase's total.
    public var amount: String
    /// When the operator signed it (Unix seconds); accepted within ``PaymentConfirmation/window`` of Bottega's clock.
    public var timestamp: Int64
    /// The operator's payment reference (its transaction id), kept with the purchase.
    public var reference: String
    public var signature: String

    /// How far the signing time may be from Bottega's clock, either way.
    public static let window: TimeInterval = 300

    public init(purchase: Int64, amount: String, timestamp: Int64, reference: String, signature: String) {
        self.purchase = purchase
        self.amount = amount
        self.timestamp = timestamp
        self.reference = reference
        self.signature = signature
    }

    public var signedText: String {
        "bottega-payment-v1\n\(purchase)\n\(amount)\n\(timestamp)\n\(reference)"
    }

    /// The confirmation, signed with `secret` (what the operator's system does; tests and the
    /// admin's example use it).
    public static func signed(purchase: Int64, amount: String, timestamp: Int64, reference: String, secret: SymmetricKey) -> PaymentConfirmation {
        var confirmation = PaymentConfirmation(purchase: purchase, amount: amount, timestamp: timestamp, reference: reference, signature: "")
        confirmation.signature = confirmation.expectedSignature(secret: secret)
        return confirmation
    }

    func expectedSignature(secret: SymmetricKey) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(signedText.utf8), using: secret).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether the signature is the secret's, compared in constant time.
    func isSigned(with secret: SymmetricKey) -> Bool {
        guard let given = Self.bytes(hex: signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(signedText.utf8), using: secret)
    }

    private static func bytes(hex: String) -> Data? {
        let characters = Array(hex.lowercased())
        guard characters.count == 64 else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(characters[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// Why a payment confirmation, a cancellation or a pasted reply was refused.
public enum PaymentError: Error, Sendable, Equatable, LocalizedError {
    case unknownPurchase(Int64)
    case badSignature
    /// The same confirmation again (same purchase and signing time).
    case replayed(purchase: Int64)
    /// Signed too long ago or too far ahead of Bottega's clock.
    case staleTimestamp(Int64)
    case amountMismatch(expected: String, given: String)
    case alreadyPaid(Int64)
    /// The operator's reply is recorded: the purchase was bought by SMS, not cancellable here.
    case replyRecorded(Int64)
    /// A request SMS of the purchase was sent (a ride activated): the operator may have charged it.
    case smsSent(Int64)
    case cancelled(Int64)
    /// The purchase's operator is not run by Bottega (its tickets are its reply SMS, or sold elsewhere).
    case notBottegaRun(operatorCode: String)
    /// Pasting a reply for a ticket whose operator is Bottega-run or sells elsewhere.
    case noReplyExpected(ticket: Int64)
    case emptyReply
    /// A pasted reply without the ticket code the operator's replies carry.
    case replyWithoutCode(expected: String)
    /// An operator without SMS sales: buy at a ticket office or in the operator's app.
    case soldElsewhere(operatorName: String, website: String?)
    /// One of an SMS operator's products that has no SMS keyword: it is sold at its offices only.
    case productSoldElsewhere(productName: String, operatorName: String, website: String?)

    public var code: String {
        switch self {
        case .unknownPurchase: "unknown purchase"
        case .badSignature: "bad signature"
        case .replayed: "replayed"
        case .staleTimestamp: "stale timestamp"
        case .amountMismatch: "amount mismatch"
        case .alreadyPaid: "already paid"
        case .replyRecorded: "reply recorded"
        case .smsSent: "sms sent"
        case .cancelled: "cancelled"
        case .notBottegaRun: "not bottega run"
        case .noReplyExpected: "no reply expected"
        case .emptyReply: "empty reply"
        case .replyWithoutCode: "reply without code"
        case .soldElsewhere, .productSoldElsewhere: "sold elsewhere"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownPurchase(let id): "there is no purchase #\(id) among yours"
        case .badSignature: "the signature is not the operator's: sign the confirmation with the operator's payment secret"
        case .replayed(let id): "this confirmation of purchase #\(id) was already received: a confirmation counts once"
        case .staleTimestamp(let time): "the confirmation was signed at \(time), more than \(Int(PaymentConfirmation.window)) s from this server's clock: sign it again now"
        case .amountMismatch(let expected, let given): "the amount paid (\(given)) is not the purchase's total (\(expected))"
        case .alreadyPaid(let id): "purchase #\(id) is already paid"
        case .smsSent(let id): "a request SMS of purchase #\(id) was sent, so the operator may have charged it: it cannot be cancelled here"
        case .replyRecorded(let id): "purchase #\(id) was bought by SMS and its operator's reply is recorded: ask the operator to cancel it"
        case .cancelled(let id): "purchase #\(id) was cancelled: nothing of it can be paid or used"
        case .notBottegaRun(let code): "\(code)'s tickets are not issued by Bottega: its reply SMS is the ticket"
        case .noReplyExpected(let id): "ticket #\(id) is not bought by SMS: there is no reply to paste"
        case .emptyReply: "paste the operator's reply SMS: it is the ticket"
        case .replyWithoutCode(let expected):
            "the text has no ticket code: the operator's reply carries \(expected); paste the SMS the operator sent, as it came"
        case .productSoldElsewhere(let product, let name, let website):
            "\(product) cannot be bought by SMS: buy it from \(name) at a ticket office, a machine, on board or in its app" + (website.map { " (\($0))" } ?? "")
        case .soldElsewhere(let name, let website):
            "\(name) sells no tickets by SMS: buy them at a ticket office, a machine, on board or in the operator's app" + (website.map { " (\($0))" } ?? "")
        }
    }
}
