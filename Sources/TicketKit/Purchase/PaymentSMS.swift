import Foundation

/// One payment SMS, composed for the rider to send from their own phone (the thesis's flow:
/// composed, shown, editable, sent by the user).
///
/// NOTES.md §1: with Italian SMS tickets one SMS buys one ticket. So an operator whose syntax
/// has no `{quantity}` gets one message per ticket (three rides, three messages); an operator
/// whose syntax does carry `{quantity}` gets one message per line with the count in it.
public struct PaymentSMS: Sendable, Hashable, Codable {
    public var recipient: String
    public var body: String
    /// The product this message pays for, so the screen can say "1 of 3: TU1".
    public var productCode: String
    /// How many units this one message buys.
    public var quantity: Int

    public init(recipient: String, body: String, productCode: String, quantity: Int) {
        self.recipient = recipient
        self.body = body
        self.productCode = productCode
        self.quantity = quantity
    }

    /// An `sms:` link (RFC 5724) that opens the phone's messaging app with the number and
    /// text filled in; the rider still presses send.
    public var uri: String {
        // RFC 3986 unreserved characters stay; everything else, spaces included, is escaped.
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = body.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "sms:\(recipient)?body=\(encoded)"
    }
}
