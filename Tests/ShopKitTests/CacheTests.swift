import Foundation
import ShopKit
import ShopReplay
import Testing

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset = Duration.zero

    var now: @Sendable () -> ContinuousClock.Instant { { [self] in lock.withLock { start + offset } } }

    func advance(_ duration: Duration) { lock.withLock { offset += duration } }
}

/// The domain cache between the facade and the replay server: time-to-live, bound, and
/// invalidation; errors never cached.
@Suite(.serialized, .enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct CacheTests {
    @Test func aReadIsAnsweredFromTheCacheUntilItsTimeToLiveHasPassed() async throws {
        let clock = ManualClock()
        let cache = ShopCache(timeToLive: .seconds(60), maxEntries: 10, now: clock.now)
        let name = try FacadeFixtures.text("get_products_1.xml", "//name/language[@id='1']")
        try await FacadeFixtures.withFacade(cache: cache) { _, shop, log in
            let read1 = try await shop.catalogue.product(id: 1)
            #expect(read1.name?[1] == name)
            clock.advance(.seconds(59))
            let read2 = try await shop.catalogue.product(id: 1)
            #expect(read2.name?[1] == name)
            #expect(await log.sent == ["GET products/1"])
            clock.advance(.seconds(1))
            let read3 = try await shop.catalogue.product(id: 1)
            #expect(read3.name?[1] == name)
            #expect(await log.sent == ["GET products/1", "GET products/1"])
        }
    }

    @Test func theOldestEntryIsEvictedBeyondTheBound() async throws {
        let cache = ShopCache(timeToLive: .seconds(600), maxEntries: 2)
        try await FacadeFixtures.withFacade(cache: cache) { _, shop, log in
            _ = try await shop.catalogue.product(id: 1)
            _ = try await shop.catalogue.category(id: 3)
            _ = try await shop.catalogue.category(id: 4)
            #expect(await cache.count == 2)
            _ = try await shop.catalogue.category(id: 3)  // still cached
            _ = try await shop.catalogue.product(id: 1)  // evicted: asked again
            #expect(await log.sent == ["GET products/1", "GET categories/3", "GET categories/4", "GET products/1"])
        }
    }

    @Test func aServerErrorIsNotCachedAndTheNextCallAsksAgain() async throws {
        let cache = ShopCache()
        let name = try FacadeFixtures.text("get_products_1.xml", "//name/language[@id='1']")
        try await FacadeFixtures.withFacade(cache: cache) { server, shop, log in
            await server.inject(.phpNotice, at: "products/1")
            let error = await FacadeFixtures.shopError { _ = try await shop.catalogue.product(id: 1) }
            guard case .webservice(.serverError(let failure)) = error else {
                Issue.record("expected the 500, got \(String(describing: error))"); return
            }
            #expect(failure.status == 500)
            #expect(await cache.count == 0)
            await server.removeFaults()
            let read4 = try await shop.catalogue.product(id: 1)
            #expect(read4.name?[1] == name)
            let read5 = try await shop.catalogue.product(id: 1)
            #expect(read5.name?[1] == name)
            #expect(await log.sent == ["GET products/1", "GET products/1"])
        }
    }

    @Test func aCutBodyIsNotCached() async throws {
        let cache = ShopCache()
        try await FacadeFixtures.withFacade(cache: cache) { server, shop, log in
            await server.inject(.truncatedBody, at: "categories/3")
            let error = await FacadeFixtures.shopError { _ = try await shop.catalogue.category(id: 3) }
            #expect(error?.webserviceError != nil)
            await server.removeFaults()
            let read6 = try await shop.catalogue.category(id: 3)
            #expect(read6.name?[1] == "Women")
            #expect(await log.sent == ["GET categories/3", "GET categories/3"])
        }
    }

    @Test func anOrderInvalidatesCartsOrdersAndStockButNotCategories() async throws {
        let cache = ShopCache()
        try await FacadeFixtures.withFacade(cache: cache) { _, shop, log in
            _ = try await shop.catalogue.product(id: 1)
            _ = try await shop.catalogue.category(id: 3)
            let placement = OrderPlacement(
                cartID: 1, customerID: 1, deliveryAddressID: 1, carrierID: 2, currencyID: 1, languageID: 1, payment: .bankWire,
                totalPaid: ShopDecimal("19.812")!, totalProducts: ShopDecimal("16.51")!, totalProductsWithTax: ShopDecimal("19.812")!)
            _ = try? await shop.checkout.placeOrder(placement)  // success or not, the order may have changed stock
            _ = try await shop.catalogue.product(id: 1)
            _ = try await shop.catalogue.category(id: 3)
            let sent = await log.sent
            #expect(sent.filter { $0 == "GET products/1" }.count == 2, "products are re-read after an order")
            #expect(sent.filter { $0 == "GET categories/3" }.count == 1, "categories stay cached")
        }
    }

    @Test func writesDropTheirResourceAndOnlyGetsAreStored() async throws {
        let cache = ShopCache()
        let request = WebserviceRequest.get("products", id: 1)
        let response = WebserviceResponse(status: 200, headers: WebserviceHeaders(), body: Array("x".utf8),
                                          request: RequestLine(method: "GET", url: "u"))
        await cache.store(response, for: request)
        await cache.store(response, for: .delete("products", id: 1))
        await cache.store(WebserviceResponse(status: 500, headers: WebserviceHeaders(), body: [], request: RequestLine(method: "GET", url: "u")),
                          for: .get("categories", id: 3))
        #expect(await cache.count == 1)
        #expect(await cache.response(for: request) == response)
        await cache.invalidate(resources: ["products"])
        #expect(await cache.response(for: request) == nil)
    }
}
