import Foundation

/// Where a PrestaShop webservice is and how to speak to it: the `…/api/` base, the key, the
/// timeout, the shop context and the preferred output (API-NOTES §1, §2, §8).
///
/// The key is sent only in HTTP Basic (`Authorization: Basic base64(key + ":")`), never as
/// `ws_key` in the URL: the docs call the URL form risky because URLs end up in logs (§2).
public struct ShopConfiguration: Sendable, Equatable {
    /// The output the client asks for. XML is the default and the only format 1.5 has.
    public enum OutputFormat: String, Sendable, Equatable {
        case xml, json
    }

    /// Multishop context, sent as `id_shop` or `id_group_shop` on every request (§1).
    public enum ShopContext: Sendable, Equatable {
        case shop(Int)
        case shopGroup(Int)
    }

    /// The webservice root, always ending in `/api/` (`https://shop.example/api/`).
    public let baseURL: URL
    /// The 32-character webservice key. Kept out of `description` and every error message.
    public let key: String
    /// How long one request may take, answer body included. 10 s as in the thesis.
    public var timeout: Duration
    public var shopContext: ShopContext?
    public var outputFormat: OutputFormat
    /// When set, GETs ask for this language only (`language=N`, §6).
    public var languageID: Int?

    /// Accepts `https://shop.example`, `https://shop.example/api`, `https://shop.example/shop/api/`
    /// and normalises them to the `…/api/` root.
    public init(
        shop: String,
        key: String,
        timeout: Duration = .seconds(10),
        shopContext: ShopContext? = nil,
        outputFormat: OutputFormat = .xml,
        languageID: Int? = nil
    ) throws(ShopConfigurationError) {
        self.baseURL = try Self.normalisedBase(shop)
        self.key = try Self.checkedKey(key)
        guard timeout > .zero else { throw .invalidTimeout }
        self.timeout = timeout
        self.shopContext = shopContext
        self.outputFormat = outputFormat
        self.languageID = languageID
    }

    /// The value of the `Authorization` header: the key as the user name, an empty password (§2).
    public var authorizationHeader: String {
        "Basic " + Data((key + ":").utf8).base64EncodedString()
    }

    static func normalisedBase(_ text: String) throws(ShopConfigurationError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { throw .invalidShopURL(trimmed) }
        // A key in the URL (`https://KEY@shop/api/`) would travel into logs and error messages.
        guard components.user == nil, components.password == nil else { throw .keyInShopURL }
        guard components.query == nil, components.fragment == nil else { throw .invalidShopURL(trimmed) }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if !path.hasSuffix("/api") { path += "/api" }
        var normalised = components
        normalised.path = path + "/"
        guard let url = normalised.url else { throw .invalidShopURL(trimmed) }
        return url
    }

    static func checkedKey(_ key: String) throws(ShopConfigurationError) -> String {
        // The dispatcher refuses any other length with 401 code 18 (§2); the back office makes
        // keys of letters and digits.
        guard key.count == 32, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw .invalidKey(length: key.count)
        }
        return key
    }
}

extension ShopConfiguration: CustomStringConvertible {
    public var description: String { "ShopConfiguration(\(baseURL.absoluteString), key: <hidden>)" }
}

/// Why a `ShopConfiguration` could not be made.
public enum ShopConfigurationError: Error, Sendable, Equatable, LocalizedError {
    case invalidShopURL(String)
    case keyInShopURL
    /// The key is not 32 letters and digits. Only its length is kept, never the key.
    case invalidKey(length: Int)
    case invalidTimeout

    public var errorDescription: String? {
        switch self {
        case .invalidShopURL(let text):
            "“\(text)” is not a shop address; give the shop's http(s) address, such as https://shop.example or https://shop.example/api/"
        case .keyInShopURL:
            "the shop address carries a user name or password; give the webservice key separately, not in the address"
        case .invalidKey(let length):
            "a webservice key is 32 letters and digits (this one has \(length) characters); copy it from the back office, Advanced Parameters > Webservice"
        case .invalidTimeout:
            "the timeout must be longer than zero"
        }
    }
}
