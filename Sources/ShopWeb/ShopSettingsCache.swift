import ShopKit
import WebCore

/// The shop's defaults the storefront prices and orders with: language, currency (and its
/// sign), country (whose tax the prices include) and products per page. Read once from
/// `configurations`; a shop that does not expose them gets language 1, currency 1 and 12
/// products a page (PrestaShop's install defaults) and prices without tax, said so on the page.
actor ShopSettingsCache {
    struct Settings: Sendable {
        var languageID: Int
        var currencyID: Int
        var currencySign: CurrencySign
        var countryID: Int?
        var countryName: String?
        /// `PS_PRODUCTS_PER_PAGE`: the size of a category's or a search's page.
        var productsPerPage: Int
    }

    /// PrestaShop's install default for `PS_PRODUCTS_PER_PAGE` (8.x `install/data/xml/configuration.xml`).
    static let defaultProductsPerPage = 12

    private let information: ShopInformation
    private var known: Settings?

    init(information: ShopInformation) { self.information = information }

    func settings() async -> Settings {
        if let known { return known }
        var settings = Settings(languageID: 1, currencyID: 1, currencySign: .none, countryID: nil, countryName: nil,
            productsPerPage: Self.defaultProductsPerPage)
        var complete = true
        do {
            let values = try await information.configurationValues(["PS_LANG_DEFAULT", "PS_CURRENCY_DEFAULT", "PS_COUNTRY_DEFAULT", "PS_PRODUCTS_PER_PAGE"])
            if let id = values["PS_LANG_DEFAULT"].flatMap({ Int($0) }) { settings.languageID = id }
            if let id = values["PS_CURRENCY_DEFAULT"].flatMap({ Int($0) }) { settings.currencyID = id }
            if let id = values["PS_COUNTRY_DEFAULT"].flatMap({ Int($0) }) { settings.countryID = id }
            if let size = values["PS_PRODUCTS_PER_PAGE"].flatMap({ Int($0) }), size > 0 { settings.productsPerPage = size }
        } catch {
            complete = false
        }
        do {
            let currency = try await information.currencies().first { $0.id == settings.currencyID }
            let symbol = currency?.sign ?? currency?.symbol?.best(preferring: [settings.languageID]) ?? currency?.isoCode ?? ""
            let language = try? await information.languages().first { $0.id == settings.languageID }
            settings.currencySign = CurrencySign.placing(
                symbol, currency: currency, locale: language?.locale ?? language?.languageCode, languageID: settings.languageID)
        } catch {
            complete = false
        }
        if let id = settings.countryID, let country = try? await information.country(id: id) {
            settings.countryName = country.name?.best(preferring: [settings.languageID])
        }
        // A shop that failed to answer is asked again next time; a complete answer is kept.
        if complete { known = settings }
        return settings
    }
}
