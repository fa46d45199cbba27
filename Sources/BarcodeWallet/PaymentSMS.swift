/// The Padova thesis's payment message, composed from the profile and the code. The user sees it,
/// may edit it, and sends it with the phone's own messaging app (the web app makes an `sms:` link).
///
/// Form: `PAY <code> <first name> <last name>, <address>, <e-mail>`, parts that are empty left out
/// (the default user has no name, so its message is `PAY <code>`). Runs of spaces, tabs and line
/// breaks, in the code too, become one space: an SMS body is one line.
///
/// Length rule: the message is kept to one SMS — 160 characters of the GSM 7-bit alphabet, where
/// `€ [ ] { } \ ^ ~ |` count twice, or 70 when a character outside that alphabet (say "ł" or an
/// emoji) makes the phone send UCS-2 (``GSMAlphabet``). When it is longer, parts give way in
/// this order until it fits:
/// 1. the address is cut from its end, down to leaving it out;
/// 2. the e-mail address is left out (a cut address is no address);
/// 3. the name is cut from its end, down to leaving it out.
/// The code is never cut, because it is what the payment is for: a code that alone is longer than
/// one SMS is sent whole, and the phone splits it into a concatenated message.
public enum PaymentSMS {
    public static func compose(user: WalletUser, code: SavedCode) -> String {
        let reference = oneLine(code.text)
        let name = oneLine([user.firstName, user.lastName].map { oneLine($0) }.filter { !$0.isEmpty }.joined(separator: " "))
        let address = oneLine(user.address)
        let email = oneLine(user.email)

        if let message = longestFitting(address, { message(reference, name, $0, email) }) { return message }
        if let message = longestFitting(name, { message(reference, $0, "", "") }) { return message }
        return message(reference, "", "", "")
    }

    /// Whether `text` goes as one SMS (see the length rule above).
    public static func fitsOneMessage(_ text: String) -> Bool {
        GSMAlphabet.fitsOneMessage(text)
    }

    private static func message(_ reference: String, _ name: String, _ address: String, _ email: String) -> String {
        var text = "PAY " + reference
        if !name.isEmpty { text += " " + name }
        for part in [address, email] where !part.isEmpty { text += ", " + part }
        return text
    }

    /// The message made with the longest prefix of `part` (whole, then cut character by character,
    /// then left out) that fits one SMS, or `nil` when not even leaving it out is enough. Shorter
    /// is not always smaller: cutting a non-GSM character off switches 70 to 160, so every length
    /// is tried rather than bisected (at most a few hundred short strings).
    private static func longestFitting(_ part: String, _ make: (String) -> String) -> String? {
        var characters = Array(part)
        while true {
            let prefix = trimmedEnd(String(characters))
            let candidate = make(prefix)
            if GSMAlphabet.fitsOneMessage(candidate) { return candidate }
            if characters.isEmpty { return nil }
            characters.removeLast()
        }
    }

    /// Line breaks and tabs as spaces, runs of spaces as one, no spaces at the ends.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A cut part should not end in a space, comma or hyphen left over from the cut.
    private static func trimmedEnd(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last.isWhitespace || ",;-/".contains(last) { text = text.dropLast() }
        return String(text)
    }
}
