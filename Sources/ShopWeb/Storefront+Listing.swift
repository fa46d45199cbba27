import Foundation
import ShopKit
import WebCore

/// Product lists by the page, a category's and a search's, in the shop's page size
/// (`PS_PRODUCTS_PER_PAGE`) and in the orders PrestaShop's front office offers: a page costs the
/// list's ids, then its products and their specific prices in one request each
/// (``ShopCatalogue/listingPage(ids:page:pageSize:order:pricedFor:)``), whatever its size.
extension Storefront {
    /// The order `?sort=` names (the shop's own order when absent).
    static func order(_ text: String?) throws(ShopFailure) -> CatalogueOrder {
        guard let text, !text.isEmpty else { return .position }
        guard let order = CatalogueOrder(rawValue: text) else {
            throw ShopFailure.input("sort", "“\(text)” is not a sort order; use one of \(CatalogueOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return order
    }

    /// The page `?page=` names: 1 when absent; whether it exists is known once the list is.
    static func pageNumber(_ text: String?) throws(ShopFailure) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard let page = Int(text), page >= 1 else { throw ShopFailure.input("page", "“\(text)” is not a page number; pages count from 1.") }
        return page
    }

    /// Page `page` of the products `ids` lists, as cards. A page past the end is a 404 that
    /// says how many pages there are, never an empty page.
    func cardsPage(ids: [Int], page: Int, order: CatalogueOrder, what: String, customerID: Int?) async throws -> CardsPage {
        let settings = await settings()
        _ = try await paging(ids: ids, page: page, order: order, what: what)
        return try await run {
            let group = try await groupID(customerID)
            let context = ListingPriceContext(
                groupID: group, countryID: settings.countryID ?? 0, customerID: customerID ?? 0, currencyID: settings.currencyID,
                languageID: settings.languageID)
            let found = try await catalogue.listingPage(ids: ids, page: page, pageSize: settings.productsPerPage, order: order, pricedFor: context)
            var cards: [ProductCard] = []
            for product in found.products {
                cards.append(try await card(product, catalogue: found.pricing, customerID: customerID, groupID: group))
            }
            return CardsPage(
                products: cards, page: found.page, pageCount: found.paging.pageCount, pageSize: found.paging.pageSize, total: found.paging.total,
                sort: order.rawValue, missingProductIDs: found.missingProductIDs)
        }
    }

    /// The list's pages, when page `page` is one of them; a 404 that says how many there are
    /// otherwise. Counted over the products the shop shows (``ShopCatalogue/shelf(of:order:)``,
    /// the request the page itself then finds in the cache).
    func paging(ids: [Int], page: Int, order: CatalogueOrder, what: String) async throws -> CataloguePaging {
        let shelf = try await run { try await catalogue.shelf(of: ids, order: order) }
        let paging = CataloguePaging(total: shelf.products.count, pageSize: await settings().productsPerPage)
        guard paging.contains(page: page) else {
            throw ShopFailure(.notFound, "page_not_found",
                "There is no page \(page) of \(what): it has \(paging.total) product\(paging.total == 1 ? "" : "s"), "
                + "\(paging.pageCount) page\(paging.pageCount == 1 ? "" : "s") of \(paging.pageSize).")
        }
        return paging
    }

    /// Products matching the words, by the shop's own search index (`/api/search`, one
    /// request), in pages like a category's.
    func search(_ query: String, page: Int, order: CatalogueOrder, customerID: Int?) async throws -> CardsPage {
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { throw ShopFailure.input("q", "Type at least one word to search for.") }
        guard words.count <= 200 else { throw ShopFailure.input("q", "Search with at most 200 characters.") }
        let settings = await settings()
        let ids = try await run { try await catalogue.search(words, languageID: settings.languageID) }
        return try await cardsPage(ids: ids, page: page, order: order, what: "the results for “\(words)”", customerID: customerID)
    }
}

/// One page of cards and where it sits in its list: the API's answer, and what the screens'
/// pager is drawn from.
struct CardsPage: Encodable, Sendable {
    let products: [ProductCard]
    let page: Int
    let pageCount: Int
    let pageSize: Int
    /// The products the whole list shows (those the shop has switched off left out).
    let total: Int
    /// The order, as `?sort=` names it.
    let sort: String
    /// Products the list names that the shop does not have (skipped).
    let missingProductIDs: [Int]
}
