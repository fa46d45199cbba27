import Benchmark
import Foundation
import ShopKit

/// Opening the recording's 19-product category (Home, `categories/2`) on a new client with an
/// empty cache, as the storefront did before issue 41 part 10 and as it does now, counting the
/// requests that reach the shop (``CountingSender`` under the cache, as `bottega serve` wires it).
///
/// - before: the category and the tree, then a lazy stream of products, one request each,
///   each priced in turn (its product, combinations and specific prices, one list each): 4
///   requests a product, one after another, and all 19 on one page;
/// - after: the tree (which carries each category's products), the list's active ids, then
///   page 1 (`PS_PRODUCTS_PER_PAGE` 12) as one `filter[id]` list of products and one of their
///   specific prices.
///
/// Both read the shop-wide settings (configuration, currency, country, group, tax rules) once.
enum CataloguePageTimings {
    static let category = 2

    /// A sender that counts the requests it passes on.
    actor CountingSender: WebserviceSending {
        let next: any WebserviceSending
        private(set) var count = 0

        init(_ next: any WebserviceSending) { self.next = next }

        func send(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse {
            count += 1
            return try await next.send(request)
        }

        func knownVersion() async -> PrestaShopVersion? { await next.knownVersion() }
        func invalidate(resources: Set<String>) async {}
    }

    /// A facade on a new cache over a counting client.
    static func facade(_ shop: ThesisTimings.Shop) throws -> (ShopFacade, CountingSender) {
        let counter = CountingSender(try shop.client())
        return (ShopFacade(sender: CachingSender(counter, cache: ShopCache())), counter)
    }

    /// What the storefront's settings and visitor group read, before and after alike.
    static func settings(_ facade: ShopFacade, keys: [String]) async throws -> (country: Int, currency: Int, group: Int, values: [String: String]) {
        let values = try await facade.information.configurationValues(keys)
        let currency = values["PS_CURRENCY_DEFAULT"].flatMap { Int($0) } ?? 1
        _ = try await facade.information.currencies()
        let country = values["PS_COUNTRY_DEFAULT"].flatMap { Int($0) } ?? 0
        if country != 0 { _ = try await facade.information.country(id: country) }
        let group = try await facade.information.configurationValues(["PS_UNIDENTIFIED_GROUP", "PS_CUSTOMER_GROUP"])["PS_UNIDENTIFIED_GROUP"]
            .flatMap { Int($0) } ?? 1
        return (country, currency, group, values)
    }

    /// The former path (`Storefront+CategoryList` and `Storefront.card` before the change): the
    /// requests it sends, and the cards it priced.
    static func before(_ shop: ThesisTimings.Shop) async throws -> (requests: Int, cards: Int) {
        let (facade, counter) = try facade(shop)
        let settings = try await settings(facade, keys: ["PS_LANG_DEFAULT", "PS_CURRENCY_DEFAULT", "PS_COUNTRY_DEFAULT"])
        _ = try await facade.catalogue.category(id: category)
        _ = try await facade.catalogue.categoryTree()
        var cards = 0
        for try await product in facade.catalogue.products(inCategory: category) {
            let catalogue = try await facade.prices.catalogue(
                productIDs: [product.id ?? 0], groupID: settings.group, countryID: settings.country, stateID: 0, carrierIDs: [],
                currencyID: settings.currency)
            blackHole(try PriceCalculator(catalogue: catalogue).unitPrice(
                product: product.id ?? 0, combination: 0, context: PriceContext(countryID: settings.country, groupID: settings.group, now: .now())))
            cards += 1
        }
        return (await counter.count, cards)
    }

    /// The paged path: page 1, then (warm) page 2 alone. The requests of the first page, of
    /// the second, and the cards shown on the first.
    static func after(_ shop: ThesisTimings.Shop) async throws -> (firstPage: Int, nextPage: Int, cards: Int) {
        let (facade, counter) = try facade(shop)
        let settings = try await settings(facade, keys: ["PS_LANG_DEFAULT", "PS_CURRENCY_DEFAULT", "PS_COUNTRY_DEFAULT", "PS_PRODUCTS_PER_PAGE"])
        let pageSize = settings.values["PS_PRODUCTS_PER_PAGE"].flatMap { Int($0) } ?? 12
        let context = ListingPriceContext(groupID: settings.group, countryID: settings.country, currencyID: settings.currency)
        // The storefront takes the category, and its products association, from the tree.
        let ids = try await facade.catalogue.categoryTree().categories[category]?.productIDs ?? []
        let first = try await facade.catalogue.listingPage(ids: ids, page: 1, pageSize: pageSize, order: .position, pricedFor: context)
        let firstCount = await counter.count
        _ = try await facade.catalogue.categoryTree()
        _ = try await facade.catalogue.listingPage(ids: ids, page: 2, pageSize: pageSize, order: .position, pricedFor: context)
        return (firstCount, await counter.count - firstCount, first.products.count)
    }
}
