import Foundation
import ShopKit
import ShopReplay
import Testing

/// A category's products as a lazy stream: one request per product, only when asked for; no
/// request after the consumer stops or is cancelled; resumable. Of the recorded products only
/// product 1 has its own record, so the lists go as far as it.
@Suite(.serialized, .enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct LazyListTests {
    @Test func theCategoryIdsComeFirstThenEachProduct() async throws {
        let ids = try FacadeFixtures.texts("get_categories_5.xml", "//associations/products/product/id").compactMap { Int($0) }
        let name = try FacadeFixtures.text("get_products_1.xml", "//name/language[@id='1']")
        try await FacadeFixtures.withFacade { _, shop, log in
            var names: [String?] = []
            for try await product in shop.catalogue.products(inCategory: 5) { names.append(product.name?[1]) }
            #expect(ids == [1])
            #expect(names == [name])
            #expect(await log.sent == ["GET categories/5", "GET products/1"])
        }
    }

    @Test func nothingIsRequestedBeforeTheConsumerAsks() async throws {
        let ids = try FacadeFixtures.texts("get_categories_4.xml", "//associations/products/product/id").compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, log in
            var iterator = shop.catalogue.products(inCategory: 4).makeAsyncIterator()
            try await Task.sleep(for: .milliseconds(100))
            #expect(await log.sent.isEmpty, "making the stream sends nothing")
            let first = try await iterator.next()
            #expect(first?.id == ids.first)
            #expect(ids == [1, 2])
            // Product 2 is not asked for until the consumer pulls again.
            #expect(await log.sent == ["GET categories/4", "GET products/1"])
        }
    }

    @Test func stoppingAfterTheFirstProductMakesNoFurtherRequest() async throws {
        try await FacadeFixtures.withFacade { _, shop, log in
            var first: Product?
            for try await product in shop.catalogue.products(inCategory: 3) {
                first = product
                break
            }
            #expect(first?.id == 1)
            try await Task.sleep(for: .milliseconds(300))
            // Category 3 lists seven products; only the one consumed was asked for.
            #expect(await log.sent == ["GET categories/3", "GET products/1"])
        }
    }

    @Test func cancellingTheConsumerStopsTheRequestInFlightAndAllLaterOnes() async throws {
        try await FacadeFixtures.withFacade { server, shop, log in
            // Liveness, not speed: a stream that awaited the request in flight would take the
            // whole minute; one that abandons it returns long before half of it, however loaded.
            await server.inject(.delay(.seconds(60)), at: "products/1")
            let stream = shop.catalogue.products(inCategory: 3)
            let consumer = Task {
                var count = 0
                for try await _ in stream { count += 1 }
                return count
            }
            while await log.sent.count < 2 { try await Task.sleep(for: .milliseconds(20)) }
            let cancelledAt = ContinuousClock.now
            consumer.cancel()
            let yielded = try await consumer.value
            #expect(yielded == 0)
            #expect(ContinuousClock.now - cancelledAt < .seconds(30), "the delayed request was abandoned, not awaited")
            try await Task.sleep(for: .milliseconds(300))
            #expect(await log.sent == ["GET categories/3", "GET products/1"])
        }
    }

    @Test func resumingAfterTheIdsAlreadyShownStartsWithTheNextProduct() async throws {
        try await FacadeFixtures.withFacade { _, shop, log in
            var iterator = shop.catalogue.products(inCategory: 3, resumingAfter: [1]).makeAsyncIterator()
            // Product 2 has no recording: the resumed list asks for it first and says so, typed.
            do {
                _ = try await iterator.next()
                Issue.record("product 2 is not recorded; the stream should have failed")
            } catch let error as ShopError {
                guard case .webservice(.notFound(let failure)) = error else {
                    Issue.record("expected a 404, got \(error)"); return
                }
                #expect(failure.request.url.contains("/api/products/2"))
            }
            #expect(try await iterator.next() == nil, "a failed list ends; it does not go on silently")
            #expect(await log.sent == ["GET categories/3", "GET products/2"])
        }
    }

    @Test func resumingFromAnOffset() async throws {
        try await FacadeFixtures.withFacade { _, shop, log in
            var fromStart: [Int] = []
            for try await product in shop.catalogue.products(inCategory: 4, fromOffset: 0) {
                fromStart.append(product.id ?? 0)
                break
            }
            #expect(fromStart == [1])
            var pastTheEnd = 0
            for try await _ in shop.catalogue.products(inCategory: 4, fromOffset: 2) { pastTheEnd += 1 }
            #expect(pastTheEnd == 0)
            #expect(await log.sent == ["GET categories/4", "GET products/1", "GET categories/4"])
        }
    }
}
