import Foundation

/// An `sms:` URI (RFC 5724) that opens the phone's own messaging app with the recipient and the
/// text filled in: the user still sees, edits and sends the message, as in the Padova thesis.
package enum SMSLink {
    /// `sms:<number>?body=<text>`. The number keeps only digits and a leading `+` (spaces and
    /// dashes in "320 204 3497" are for people); the body is percent-encoded with RFC 3986's
    /// unreserved set, because `+` and `&` in a body would otherwise be read as separators.
    package static func uri(recipient: String, body: String) -> String {
        let number = recipient.enumerated().compactMap { index, character -> Character? in
            character.isASCII && character.isNumber || (index == 0 && character == "+") ? character : nil
        }
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encodedBody = body.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        return "sms:\(String(number))?body=\(encodedBody)"
    }
}
