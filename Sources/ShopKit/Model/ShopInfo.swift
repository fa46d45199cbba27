/// What a storefront needs to know about the shop itself: its name (from the API root), its
/// languages and currencies, and the configuration values it was given.
public struct ShopInfo: Sendable, Hashable, Encodable {
    public var name: String?
    public var languages: [Language]
    public var currencies: [Currency]
    public var configurations: [Configuration]

    public init(name: String? = nil, languages: [Language] = [], currencies: [Currency] = [], configurations: [Configuration] = []) {
        self.name = name
        self.languages = languages
        self.currencies = currencies
        self.configurations = configurations
    }

    /// The value of a configuration key (`PS_SHOP_NAME`), nil when it was not fetched.
    public func configuration(_ name: String) -> String? {
        configurations.first { $0.name == name }?.value
    }

    /// The active languages' ids, for `LocalizedText.best(preferring:)`, the shop's order kept.
    public var activeLanguageIDs: [Int] {
        languages.filter { $0.active != false }.compactMap(\.id)
    }

    /// The language with that ISO code (`en`, `fr`).
    public func language(isoCode: String) -> Language? {
        languages.first { $0.isoCode?.lowercased() == isoCode.lowercased() }
    }
}
