import Foundation
import GRDB
import ShopKit

/// What the storefront under `/shop` needs: the shop's facade (reads through the domain cache),
/// the login, the registration age rule, the product image cache and the visitors' sessions.
/// `buildRouter(shop: nil)` runs without one: `/shop` then explains how to configure a shop.
public struct ShopServices: Sendable {
    public let facade: ShopFacade
    public let cache: ShopCache
    public let login: CustomerLogin
    public let ageRule: RegistrationAgeRule
    public let images: ShopImageCache
    let sessions: ShopSessionStore
    let settings: ShopSettingsCache
    /// Texts that must never reach a browser (the webservice key): scrubbed from every message.
    let secrets: [String]

    public init(
        facade: ShopFacade, cache: ShopCache, login: CustomerLogin, ageRule: RegistrationAgeRule, images: ShopImageCache,
        database: any DatabaseWriter, secrets: [String]
    ) throws {
        self.facade = facade
        self.cache = cache
        self.login = login
        self.ageRule = ageRule
        self.images = images
        self.sessions = try ShopSessionStore(database: database)
        self.settings = ShopSettingsCache(information: facade.information)
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    /// The usual wiring for one shop: a webservice client with the key, reads cached for five
    /// minutes, the login on the same client, images cached in `imageFolder`.
    public static func connect(
        shopURL: String, key: String, cookieKey: String?, minimumAge: Int, database: any DatabaseWriter, imageFolder: URL,
        timeout: Duration = .seconds(10)
    ) throws -> ShopServices {
        let configuration = try ShopConfiguration(shop: shopURL, key: key, timeout: timeout)
        let client = WebserviceClient(configuration: configuration)
        let cache = ShopCache()
        return try ShopServices(
            facade: ShopFacade(sender: CachingSender(client, cache: cache)), cache: cache,
            login: CustomerLogin(lookup: client, cookieKey: cookieKey), ageRule: RegistrationAgeRule(minimumAge: minimumAge),
            images: ShopImageCache(folder: imageFolder, fetcher: client), database: database,
            secrets: [key, configuration.authorizationHeader, String(configuration.authorizationHeader.dropFirst("Basic ".count))]
        )
    }

    /// `text` with every secret replaced, for messages shown to a visitor.
    func scrub(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "<hidden>") }
    }
}
