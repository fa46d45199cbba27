import Foundation
import GRDB
import HTTPClientTransport
import HTTPTransport
import ShopKit
import WebCore

/// What the storefront under `/shop` needs: the shop's facade (reads through the domain cache),
/// the login, the registration age rule, the product image cache and the visitors' sessions.
/// An app whose `AppConfiguration.shop` is nil runs without one: `/shop` then explains how to configure a shop.
public struct ShopServices: Sendable {
    public private(set) var facade: ShopFacade
    public let cache: ShopCache
    public let login: CustomerLogin
    public let ageRule: RegistrationAgeRule
    public let images: ShopImageCache
    let sessions: ShopSessionStore
    /// Wrong customer passwords, per email from each address and per address.
    package var loginThrottle = LoginThrottle()
    let settings: ShopSettingsCache
    /// Texts that must never reach a browser (the webservice key): scrubbed from every message.
    let secrets: [String]
    /// The shop's own address in the forms a message may quote it (`http://10.0.0.5:8080/api/`,
    /// `10.0.0.5:8080`): a visitor is told "the shop", never where the server finds it.
    let addresses: [String]

    public init(
        facade: ShopFacade, cache: ShopCache, login: CustomerLogin, ageRule: RegistrationAgeRule, images: ShopImageCache,
        database: any DatabaseWriter, secrets: [String], addresses: [String] = []
    ) throws {
        self.facade = facade
        self.cache = cache
        self.login = login
        self.ageRule = ageRule
        self.images = images
        self.sessions = try ShopSessionStore(database: database)
        self.settings = ShopSettingsCache(information: facade.information)
        self.secrets = secrets.filter { !$0.isEmpty }
        // Longest first, so the full URL goes before the host inside it.
        self.addresses = addresses.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    /// The usual wiring for one shop: a webservice client with the key, reads cached for five
    /// minutes, the login on the same client, images cached in `imageFolder`.
    public static func connect(
        shopURL: String, key: String, cookieKey: String?, minimumAge: Int, database: any DatabaseWriter, imageFolder: URL,
        timeout: Duration = .seconds(10), transport: any HTTPTransport = AsyncHTTPClientTransport.shared
    ) throws -> ShopServices {
        let configuration = try ShopConfiguration(shop: shopURL, key: key, timeout: timeout)
        let client = WebserviceClient(configuration: configuration, transport: transport)
        let cache = ShopCache()
        return try ShopServices(
            facade: ShopFacade(sender: CachingSender(client, cache: cache)), cache: cache,
            login: CustomerLogin(lookup: client, cookieKey: cookieKey), ageRule: RegistrationAgeRule(minimumAge: minimumAge),
            images: ShopImageCache(folder: imageFolder, fetcher: client), database: database,
            secrets: [key, configuration.authorizationHeader, String(configuration.authorizationHeader.dropFirst("Basic ".count))],
            addresses: ShopAddress.forms(of: configuration.baseURL)
        )
    }

    /// These services reading the shop itself, past the five-minute cache: for an order's final
    /// quote, which must be the shop's prices now.
    var uncached: ShopServices {
        var copy = self
        copy.facade = facade.uncached
        return copy
    }

    /// `text` with every secret replaced, for messages shown to a visitor.
    func scrub(_ text: String) -> String {
        let hidden = secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "<hidden>") }
        return addresses.reduce(hidden) { $0.replacingOccurrences(of: $1, with: "the shop") }
    }
}

/// The ways a shop's base URL appears in error texts (AsyncHTTPClient's and ShopKit's).
enum ShopAddress {
    static func forms(of baseURL: URL) -> [String] {
        var forms = [baseURL.absoluteString]
        if let host = baseURL.host {
            var base = "\(baseURL.scheme ?? "http")://\(host)"
            if let port = baseURL.port {
                forms.append("\(host):\(port)")
                base += ":\(port)"
            }
            forms.append(base)
            // A bare host only when it cannot be an ordinary word ("shop" would eat "shopping").
            if host.contains(".") || host.contains(":") { forms.append(host) }
        }
        return forms
    }
}
