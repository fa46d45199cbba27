import BarcodeKit
import Foundation

/// What a scanned text leads to: the action that matches what it carries (issue 24), never a
/// web search of a secret. A web address opens; a Wi-Fi code shows its network and password; a
/// contact downloads as a vCard; a phone number calls, an SMS or e-mail is composed, a place opens
/// on a map; an EAN/UPC tells its GS1 country and searches the product, an ISBN the book; a GS1
/// element string names its fields; only plain text is searched, after the user confirms.
public struct ScannedTextMeaning: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `link` is the web address the text is.
        case website
        /// Plain text: `link` searches the web for it, once the user confirms.
        case webSearch
        case wifi, contact, phone, sms, email, geo
        /// An EAN/UPC: `link` searches for the product.
        case product
        /// An ISBN (EAN-13 978/979): `link` is the book's Open Library page.
        case book
        /// An ISSN (EAN-13 977), with its issue number when an add-on gives it: `link` is the
        /// serial's ISSN Portal record.
        case magazine
        case gs1
    }

    public var kind: Kind
    /// The action: `http`/`https`, or `tel:`, `sms:`, `mailto:` built here from parsed parts —
    /// never a `javascript:`, `data:`, `file:` or app link a QR Code could smuggle in. Nil where
    /// the content is shown rather than opened (Wi-Fi, a contact, GS1 fields without a GTIN).
    public var link: URL?
    /// For EAN/UPC, who issued the number's GS1 Prefix (``GS1Country``), e.g. "Germany";
    /// `nil` for other formats and unassigned prefixes.
    public var country: String?
    /// What the text carries, parsed (``ScannedContent``).
    public var content: ScannedContent?

    /// Whether following `link` sends the text somewhere the user should agree to first.
    public var needsConfirmation: Bool { kind == .webSearch }

    public init(kind: Kind, link: URL?, country: String?, content: ScannedContent? = nil) {
        self.kind = kind
        self.link = link
        self.country = country
        self.content = content
    }

    /// Where searches go. DuckDuckGo because its plain `?q=` address needs no account, API key or
    /// cookie-consent page, and it does not build a profile from searches: what products someone
    /// scans, or what a private QR Code says, is not ours to hand to an advertising profile.
    public static let searchBase = "https://duckduckgo.com/?q="
    /// The longest query sent, in characters: a QR Code can hold 4,296, more than URLs reliably
    /// carry and far more than a search engine reads.
    public static let maximumQueryLength = 500

    /// `http://` and `https://` addresses (any letter case) open as they are, and `www.` ones with
    /// `https://` in front, if they parse with a host and contain no spaces; everything else —
    /// plain text, `javascript:`, `data:`, `mailto:`, EAN/UPC numbers — becomes a web search.
    public static func classify(_ text: String, format: BarcodeFormat) -> ScannedTextMeaning {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch format {
        case .ean13, .ean8, .upcA, .upcE:
            // A book's price or a magazine's issue (EAN-2/EAN-5) may follow the number.
            let number = MainAndAddOn(trimmed, format: format).main
            if format == .ean13, number.count == 13, number.hasPrefix("978") || number.hasPrefix("979") {
                return ScannedTextMeaning(kind: .book, link: URL(string: "https://openlibrary.org/isbn/\(number)"), country: nil)
            }
            if format == .ean13, number.count == 13, number.hasPrefix("977"), let issn = issn(fromEAN13: number) {
                return ScannedTextMeaning(kind: .magazine, link: URL(string: "https://portal.issn.org/resource/ISSN/\(issn)"), country: nil)
            }
            let trimmed = number
            // check(_:as:) expands UPC-E to find its prefix; lookup takes the digits as they are.
            let country = (try? EANUPC.check(trimmed, as: format))?.country ?? GS1Country.lookup(trimmed)
            return ScannedTextMeaning(kind: .product, link: searchLink(for: trimmed), country: country?.name)
        case .code128, .qrCode, .microQRCode:
            if let website = websiteLink(trimmed) {
                return ScannedTextMeaning(kind: .website, link: website, country: nil)
            }
            if let content = ScannedContent.parse(trimmed) { return meaning(of: content) }
            return ScannedTextMeaning(kind: .webSearch, link: searchLink(for: trimmed), country: nil)
        }
    }

    static func meaning(of content: ScannedContent) -> ScannedTextMeaning {
        switch content {
        case .wifi: return ScannedTextMeaning(kind: .wifi, link: nil, country: nil, content: content)
        case .contact: return ScannedTextMeaning(kind: .contact, link: nil, country: nil, content: content)
        case .phone(let number):
            return ScannedTextMeaning(kind: .phone, link: URL(string: "tel:" + dialable(number)), country: nil, content: content)
        case .sms(let number, let body):
            let query = body.map { "?body=" + encoded($0) } ?? ""
            return ScannedTextMeaning(kind: .sms, link: URL(string: "sms:" + dialable(number) + query), country: nil, content: content)
        case .email(let to, let subject, let body):
            let query = [subject.map { "subject=" + encoded($0) }, body.map { "body=" + encoded($0) }].compactMap { $0 }.joined(separator: "&")
            let link = URL(string: "mailto:" + encoded(to, keeping: "@") + (query.isEmpty ? "" : "?" + query))
            return ScannedTextMeaning(kind: .email, link: link, country: nil, content: content)
        case .geo(let latitude, let longitude, _):
            let link = URL(string: "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)")
            return ScannedTextMeaning(kind: .geo, link: link, country: nil, content: content)
        case .gs1(let fields):
            let gtin = fields.first { $0.identifier == "01" }?.value
            return ScannedTextMeaning(kind: .gs1, link: gtin.map(searchLink(for:)), country: gtin.flatMap { GS1Country.lookup(String($0.dropFirst())) }?.name, content: content)
        }
    }

    /// The ISSN an EAN-13 of prefix 977 carries (digits 4–10, GS1 General Specifications §2.1.7
    /// and ISO 3297): "9771234567003" is ISSN 1234-5679, its check character recomputed
    /// (weights 8…2, mod 11, 10 written X).
    public static func issn(fromEAN13 number: String) -> String? {
        let digits = number.compactMap(\.wholeNumberValue)
        guard digits.count == 13, number.hasPrefix("977") else { return nil }
        let body = Array(digits[3..<10])
        let sum = zip(body, (2...8).reversed()).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 11
        let text = body.map(String.init).joined() + (check == 10 ? "X" : String(check))
        return String(text.prefix(4)) + "-" + String(text.suffix(4))
    }

    /// Digits and a leading `+` only: nothing else reaches a `tel:` or `sms:` link.
    static func dialable(_ number: String) -> String {
        let digits = number.filter(\.isNumber)
        return number.trimmingCharacters(in: .whitespaces).hasPrefix("+") ? "+" + digits : digits
    }

    static func encoded(_ text: String, keeping extra: String = "") -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + extra)
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `text` as an http(s) address, or `nil`.
    static func websiteLink(_ text: String) -> URL? {
        guard !text.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        else { return nil }
        let lowered = text.lowercased()
        let address: String
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            address = text
        } else if lowered.hasPrefix("www.") {
            address = "https://" + text
        } else {
            return nil
        }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return nil }
        // A bare "www." needs a name after it: www.example.com, not "www." or "www..com".
        if lowered.hasPrefix("www.") {
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        }
        return url
    }

    /// A search for `query`, percent-encoded with RFC 3986's unreserved set (§2.3) so that `&`, `+`,
    /// `#` and `=` in the text stay part of the query instead of ending it.
    static func searchLink(for query: String) -> URL {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = String(query.prefix(maximumQueryLength)).addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        // Only unreserved characters and %XX follow a fixed https address, so this always parses;
        // the fallback (the search page without a query) keeps the type non-optional.
        return URL(string: searchBase + encoded) ?? URL(string: "https://duckduckgo.com/") ?? URL(fileURLWithPath: "/")
    }
}
