import BarcodeKit
import Foundation

/// What a scanned text leads to, as the Padova thesis's wallet offered it: a web address opens,
/// anything else can be searched for, and an EAN/UPC number also tells its GS1 country.
public struct ScannedTextMeaning: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `link` is the web address the text is.
        case website
        /// `link` searches the web for the text.
        case webSearch
    }

    public var kind: Kind
    /// Always `http` or `https`: never a `javascript:`, `data:`, `file:` or app link that a QR
    /// Code could use to run script or open something other than a page.
    public var link: URL
    /// For EAN/UPC, who issued the number's GS1 Prefix (``GS1Country``), e.g. "Germany";
    /// `nil` for other formats and unassigned prefixes.
    public var country: String?

    public init(kind: Kind, link: URL, country: String?) {
        self.kind = kind
        self.link = link
        self.country = country
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
            // check(_:as:) expands UPC-E to find its prefix; lookup takes the digits as they are.
            let country = (try? EANUPC.check(trimmed, as: format))?.country ?? GS1Country.lookup(trimmed)
            return ScannedTextMeaning(kind: .webSearch, link: searchLink(for: trimmed), country: country?.name)
        case .code128, .qrCode:
            if let website = websiteLink(trimmed) {
                return ScannedTextMeaning(kind: .website, link: website, country: nil)
            }
            return ScannedTextMeaning(kind: .webSearch, link: searchLink(for: trimmed), country: nil)
        }
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
