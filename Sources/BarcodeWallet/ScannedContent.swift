import Foundation

/// The structured contents a QR Code or barcode may carry, read out so the wallet offers the
/// matching action (issue 24): a Wi-Fi code shows its network and password instead of sending the
/// password to a search engine. Formats: `WIFI:` (ZXing's de-facto syntax), vCard 2.1–4.0,
/// MECARD and MATMSG (NTT DoCoMo), `tel:`/`sms:`/`mailto:`/`geo:` URIs (RFC 3966, 5724, 6068,
/// 5870), `SMSTO:` and GS1 element strings (GS1 General Specifications §3).
public enum ScannedContent: Sendable, Hashable {
    case wifi(ssid: String, password: String?, security: String?, hidden: Bool)
    case contact(Contact)
    case phone(number: String)
    case sms(number: String, body: String?)
    case email(to: String, subject: String?, body: String?)
    case geo(latitude: Double, longitude: Double, query: String?)
    case gs1([GS1Field])

    public struct Contact: Sendable, Hashable {
        public var name: String
        public var phones: [String]
        public var emails: [String]
        public var organisation: String?
        public var address: String?
        public var url: String?
        public var note: String?

        /// The contact as a vCard 3.0 (RFC 2426) to download into the phone's address book.
        public var vCard: String {
            var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:\(Self.escaped(name))"]
            lines += phones.map { "TEL:\(Self.escaped($0))" } + emails.map { "EMAIL:\(Self.escaped($0))" }
            if let organisation { lines.append("ORG:\(Self.escaped(organisation))") }
            if let address { lines.append("ADR:;;\(Self.escaped(address));;;;") }
            if let url { lines.append("URL:\(Self.escaped(url))") }
            if let note { lines.append("NOTE:\(Self.escaped(note))") }
            return (lines + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n"
        }

        static func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
                .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
        }
    }

    /// One GS1 application identifier with its data, named.
    public struct GS1Field: Sendable, Hashable {
        public var identifier: String
        public var name: String
        public var value: String
    }

    /// What `text` carries, or nil for plain text and web addresses (``ScannedTextMeaning``).
    public static func parse(_ text: String) -> ScannedContent? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let upper = trimmed.uppercased()
        if upper.hasPrefix("WIFI:") { return wifi(String(trimmed.dropFirst(5))) }
        if upper.hasPrefix("BEGIN:VCARD") { return vCard(trimmed) }
        if upper.hasPrefix("MECARD:") { return meCard(String(trimmed.dropFirst(7))) }
        if upper.hasPrefix("MATMSG:") {
            let fields = keyedFields(String(trimmed.dropFirst(7)))
            guard let to = fields["TO"]?.first, !to.isEmpty else { return nil }
            return .email(to: to, subject: fields["SUB"]?.first, body: fields["BODY"]?.first)
        }
        if upper.hasPrefix("TEL:") {
            let number = String(trimmed.dropFirst(4))
            return isPhoneNumber(number) ? .phone(number: number) : nil
        }
        if upper.hasPrefix("SMSTO:") {
            let parts = trimmed.dropFirst(6).split(separator: ":", maxSplits: 1).map(String.init)
            guard let number = parts.first, isPhoneNumber(number) else { return nil }
            return .sms(number: number, body: parts.count > 1 ? parts[1] : nil)
        }
        if upper.hasPrefix("SMS:") {
            let rest = String(trimmed.dropFirst(4))
            let (number, query) = split(rest, at: "?")
            guard isPhoneNumber(number) else { return nil }
            return .sms(number: number, body: query.flatMap { queryValue("body", in: $0) })
        }
        if upper.hasPrefix("MAILTO:") {
            let (to, query) = split(String(trimmed.dropFirst(7)), at: "?")
            let address = to.removingPercentEncoding ?? to
            guard address.contains("@") else { return nil }
            return .email(to: address, subject: query.flatMap { queryValue("subject", in: $0) }, body: query.flatMap { queryValue("body", in: $0) })
        }
        if upper.hasPrefix("GEO:") {
            let (place, query) = split(String(trimmed.dropFirst(4)), at: "?")
            let numbers = place.split(separator: ";")[0].split(separator: ",").compactMap { Double($0) }
            guard numbers.count >= 2, (-90...90).contains(numbers[0]), (-180...180).contains(numbers[1]) else { return nil }
            return .geo(latitude: numbers[0], longitude: numbers[1], query: query.flatMap { queryValue("q", in: $0) })
        }
        if let fields = gs1(trimmed) { return .gs1(fields) }
        return nil
    }

    // MARK: Formats

    /// `T:WPA;S:network;P:password;H:true;;`, with `\` escaping `\ ; , : "`.
    static func wifi(_ body: String) -> ScannedContent? {
        let fields = keyedFields(body)
        guard let ssid = fields["S"]?.first, !ssid.isEmpty else { return nil }
        let password = fields["P"]?.first.flatMap { $0.isEmpty ? nil : $0 }
        let security = fields["T"]?.first.flatMap { $0.isEmpty || $0.lowercased() == "nopass" ? nil : $0 }
        return .wifi(ssid: ssid, password: password, security: security, hidden: fields["H"]?.first?.lowercased() == "true")
    }

    static func meCard(_ body: String) -> ScannedContent? {
        let fields = keyedFields(body)
        guard let rawName = fields["N"]?.first, !rawName.isEmpty else { return nil }
        // "Rossi,Anna": surname, then given name.
        let parts = rawName.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let name = parts.count == 2 ? "\(parts[1]) \(parts[0])" : rawName
        return .contact(Contact(
            name: name, phones: fields["TEL"] ?? [], emails: fields["EMAIL"] ?? [], organisation: fields["ORG"]?.first,
            address: fields["ADR"]?.first, url: fields["URL"]?.first, note: fields["NOTE"]?.first))
    }

    static func vCard(_ text: String) -> ScannedContent? {
        // Folded lines (RFC 6350 §3.2) are joined first.
        let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
        var contact = Contact(name: "", phones: [], emails: [])
        var structuredName: String?
        for line in unfolded.split(separator: "\n") {
            let (head, value) = split(String(line), at: ":")
            guard let value, !value.isEmpty else { continue }
            let property = head.split(separator: ";")[0].uppercased()
            let text = unescapedVCard(value)
            switch property.split(separator: ".").last.map(String.init) ?? property {
            case "FN": contact.name = text
            case "N":
                let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { unescapedVCard(String($0)) }
                structuredName = [parts.count > 1 ? parts[1] : "", parts.first ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            case "TEL": contact.phones.append(text)
            case "EMAIL": contact.emails.append(text)
            case "ORG": contact.organisation = text.replacingOccurrences(of: ";", with: ", ")
            case "ADR": contact.address = value.split(separator: ";", omittingEmptySubsequences: true).map { unescapedVCard(String($0)) }.joined(separator: ", ")
            case "URL": contact.url = text
            case "NOTE": contact.note = text
            default: continue
            }
        }
        if contact.name.isEmpty { contact.name = structuredName ?? "" }
        return contact.name.isEmpty && contact.phones.isEmpty && contact.emails.isEmpty ? nil : .contact(contact)
    }

    /// `(01)09501101530003(17)260101(10)AB-123`, or the same with GS (0x1D) ending each field
    /// whose length is not predefined, as a decoder gives GS1-128.
    static func gs1(_ text: String) -> [GS1Field]? {
        var fields: [GS1Field] = []
        if text.hasPrefix("(") {
            let pattern = /\((\d{2,4})\)([^(]+)/
            var rest = Substring(text)
            while let match = rest.prefixMatch(of: pattern) {
                fields.append(field(String(match.1), String(match.2)))
                rest = rest[match.range.upperBound...]
            }
            return rest.isEmpty && !fields.isEmpty ? fields : nil
        }
        guard text.contains("\u{1D}") || (text.count >= 16 && text.hasPrefix("01") && text.prefix(16).allSatisfy(\.isNumber)) else { return nil }
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let identifier = GS1Names.identifier(at: rest) else { return nil }
            rest = rest.dropFirst(identifier.count)
            let value: Substring
            if let length = GS1Names.fixedDataLength[String(identifier.prefix(2))] {
                guard rest.count >= length else { return nil }
                value = rest.prefix(length)
                rest = rest.dropFirst(length)
            } else {
                value = rest.prefix { $0 != "\u{1D}" }
                rest = rest.dropFirst(value.count)
            }
            if rest.first == "\u{1D}" { rest = rest.dropFirst() }
            fields.append(field(identifier, String(value)))
        }
        return fields.isEmpty ? nil : fields
    }

    static func field(_ identifier: String, _ value: String) -> GS1Field {
        GS1Field(identifier: identifier, name: GS1Names.name(of: identifier), value: GS1Names.readable(identifier, value))
    }

    // MARK: Pieces

    /// `K:value;K:value;;` with backslash escapes; a key may repeat (two TEL).
    static func keyedFields(_ body: String) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        var current = "", escaping = false
        func finish() {
            let (key, value) = split(current, at: ":")
            if let value, !key.isEmpty { fields[key.uppercased(), default: []].append(value) }
            current = ""
        }
        for character in body {
            if escaping { current.append(character); escaping = false; continue }
            switch character {
            case "\\": escaping = true
            case ";": finish()
            default: current.append(character)
            }
        }
        finish()
        return fields
    }

    static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    static func queryValue(_ name: String, in query: String) -> String? {
        for pair in query.split(separator: "&") {
            let (key, value) = split(String(pair), at: "=")
            if key.lowercased() == name { return (value ?? "").replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value }
        }
        return nil
    }

    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber)
        return (3...20).contains(digits.count) && text.allSatisfy { $0.isNumber || "+-. ()/".contains($0) }
    }

    static func unescapedVCard(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\N", with: "\n")
            .replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";").replacingOccurrences(of: "\\\\", with: "\\")
    }
}
