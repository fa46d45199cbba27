import Foundation
import ShopKit
import ShopReplay
import Testing

/// A listing page in a fixed number of requests (issue 41, part 10), counted by a
/// ``RequestLog`` under the cache, so only what reaches the shop counts; the page size,
/// pages and orders checked against the 8.1.2 recording.
@Suite(.serialized, .enabled(if: Live812.available, Live812.skipReason))
struct CatalogueListingTests {
    static let home = 2

    static func withCountedShop(_ body: @Sendable (ShopFacade, RequestLog) async throws -> Void) async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let log = RequestLog(client)
            try await body(ShopFacade(sender: CachingSender(log, cache: ShopCache())), log)
        }
    }

    static func context() -> ListingPriceContext {
        // The demo's visitors: group 1 (PS_UNIDENTIFIED_GROUP), country 21 (PS_COUNTRY_DEFAULT).
        ListingPriceContext(groupID: 1, countryID: 21, now: Live812.recordedAt)
    }

    @Test func aPageCostsTheListsIdsAndTwoListsWhateverItsSize() async throws {
        try await Self.withCountedShop { shop, log in
            // Shop-wide rules (configuration, currency, group, country, tax rules) and the category
            // tree once, on another category.
            let other = try #require(try await shop.catalogue.categoryTree().categories[6]?.productIDs)
            _ = try await shop.catalogue.listingPage(ids: other, page: 1, pageSize: 12, order: .position, pricedFor: Self.context())
            for order in CatalogueOrder.allCases {
                let before = await log.sent.count
                // The storefront's ids: the category tree's association, read once for the menu.
                let ids = try #require(try await shop.catalogue.categoryTree().categories[Self.home]?.productIDs)
                let page = try await shop.catalogue.listingPage(ids: ids, page: 2, pageSize: 12, order: order, pricedFor: Self.context())
                let sent = await log.sent.dropFirst(before)
                #expect(sent.count <= 3, "\(order): \(Array(sent))")
                #expect(!sent.contains { $0.hasPrefix("GET products/") }, "\(order): no product read alone: \(Array(sent))")
                #expect(page.products.count == ids.count - 12)
            }
        }
    }

    @Test func pagesFollowTheCategorysOrderAndPriceOrderSortsTheWhole() async throws {
        try await Self.withCountedShop { shop, _ in
            let ids = try await shop.catalogue.productIDs(inCategory: 6)
            let first = try await shop.catalogue.listingPage(ids: ids, page: 1, pageSize: 4, order: .position, pricedFor: Self.context())
            #expect(first.products.compactMap(\.id) == Array(ids.prefix(4)), "the category's position order, not the ids'")
            #expect(first.paging.pageCount == (ids.count + 3) / 4)
            var prices: [Double] = []
            for number in 1...first.paging.pageCount {
                let page = try await shop.catalogue.listingPage(ids: ids, page: number, pageSize: 4, order: .priceAscending, pricedFor: Self.context())
                let calculator = PriceCalculator(catalogue: page.pricing)
                let context = PriceContext(countryID: 21, groupID: 1, now: Live812.recordedAt)
                prices += try page.products.map { try calculator.unitPrice(product: $0.id ?? 0, combination: 0, context: context) }
            }
            #expect(prices.count == ids.count && prices == prices.sorted(), "\(prices)")
        }
    }

    @Test func aPageThatDoesNotExistIsRefused() async throws {
        try await Self.withCountedShop { shop, log in
            let ids = try await shop.catalogue.productIDs(inCategory: Self.home)
            let before = await log.sent.count
            for page in [0, 3] {
                await #expect(throws: ShopError.self) {
                    _ = try await shop.catalogue.listingPage(ids: ids, page: page, pageSize: 12, order: .position, pricedFor: Self.context())
                }
            }
            // Page 0 is refused at once; page 3 once the list's active ids say there are 2.
            let sent = await log.sent.dropFirst(before)
            #expect(Array(sent) == ["GET products"], "the list's ids, and no page of products")
            #expect(CataloguePaging(total: 0, pageSize: 12).contains(page: 1), "an empty list has its one, empty, page")
        }
    }
}
