import Foundation
import TestSupport
import ShopKit
import Testing

/// Lists read page by page with `limit=offset,N`: the exact requests, the end at a short (or
/// empty) page, and no request after the consumer stops. The server pages the 14 recorded
/// order states (in the order the shop listed them) as a `display=full` list would.
@Suite(.enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct PagedListTests {
    /// Serves `limit=offset,count` slices of the recorded order states.
    static func pagingStates() throws -> @Sendable (LocalServer.Request) -> LocalServer.Reply {
        let files = try ExtrasFixtures.orderStateIDs().map { "order_states/get_order_states_\($0).xml" }
        return { received in
            guard let limit = ExtrasFixtures.limit(of: received.uri) else { return LocalServer.Reply(status: 400, body: "no limit") }
            let page = Array(files.dropFirst(limit.offset).prefix(limit.count))
            let body = (try? ExtrasFixtures.fullList("order_states", element: "order_state", files: page)) ?? []
            return LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, bytes: body)
        }
    }

    static func uri(offset: Int, count: Int) -> String { "/api/order_states?display=full&limit=\(offset)%2C\(count)" }

    @Test func aListIsReadPageByPageUntilAShortPage() async throws {
        let ids = try ExtrasFixtures.orderStateIDs()
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            var seen: [Int?] = []
            for try await state in shop.pages(of: OrderState.self, pageSize: 5) { seen.append(state.id) }
            #expect(seen == ids.map { Optional($0) })
            #expect(server.received.map(\.uri) == [Self.uri(offset: 0, count: 5), Self.uri(offset: 5, count: 5), Self.uri(offset: 10, count: 5)])
        }
    }

    @Test func anExactMultipleEndsAtAnEmptyPage() async throws {
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            var count = 0
            for try await _ in shop.pages(of: .list("order_states"), as: OrderState.self, pageSize: 7) { count += 1 }
            #expect(count == 14)
            #expect(server.received.map(\.uri) == [Self.uri(offset: 0, count: 7), Self.uri(offset: 7, count: 7), Self.uri(offset: 14, count: 7)])
        }
    }

    @Test func recordsArriveBeforeTheNextPageIsAskedFor() async throws {
        let names = try ExtrasFixtures.orderStateIDs().prefix(6).map {
            try FacadeFixtures.text("order_states/get_order_states_\($0).xml", "//order_state/name/language[@id='1']")
        }
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            var iterator = shop.pages(of: OrderState.self, pageSize: 5).makeAsyncIterator()
            #expect(server.received.isEmpty, "making the stream sends nothing")
            var taken: [String?] = []
            for _ in 0..<5 { taken.append(try await iterator.next()?.name?[1]) }
            #expect(server.received.count == 1, "the first page's five records need one request")
            taken.append(try await iterator.next()?.name?[1])
            #expect(server.received.count == 2)
            #expect(taken == names)
            #expect(taken.first == "Payment accepted")
        }
    }

    @Test func stoppingEarlyMakesNoFurtherRequest() async throws {
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            var taken = 0
            for try await _ in shop.pages(of: OrderState.self, pageSize: 5) {
                taken += 1
                if taken == 6 { break }
            }
            #expect(server.received.map(\.uri) == [Self.uri(offset: 0, count: 5), Self.uri(offset: 5, count: 5)])
        }
    }

    @Test func aCancelledConsumerGetsNoMoreAndSendsNothing() async throws {
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            let stream = shop.pages(of: OrderState.self, pageSize: 5)
            let task = Task {
                var taken = 0
                for try await _ in stream {
                    taken += 1
                    // Cancelled from inside, after the first page's last record: the next pull
                    // would need page two.
                    if taken == 5 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return taken
            }
            let taken = try await task.value
            #expect(taken == 5)
            #expect(server.received.map(\.uri) == [Self.uri(offset: 0, count: 5)])
        }
    }

    @Test func badArgumentsAreTypedErrorsOnTheFirstPull() async throws {
        try await ExtrasFixtures.withServer(try Self.pagingStates()) { server, shop in
            let limited = try WebserviceRequest.list("order_states").limit(offset: 0, count: 3)
            let error = await FacadeFixtures.shopError { for try await _ in shop.pages(of: limited, as: OrderState.self) {} }
            guard case .invalidArgument(let reason) = error else {
                Issue.record("expected invalidArgument, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("remove limit"))
            let zero = await FacadeFixtures.shopError { for try await _ in shop.pages(of: OrderState.self, pageSize: 0) {} }
            #expect(zero?.webserviceError == .invalidRequest(.invalidLimit(offset: 0, count: 0)))
            #expect(server.received.isEmpty, "nothing was sent")
        }
    }

    @Test func idsArePagedOnTheReplayedShop() async throws {
        // `order_states?limit=0,1000` is a recorded URL: the replay answers it as recorded.
        let ids = try ExtrasFixtures.orderStateIDs()
        try await FacadeFixtures.withFacade { _, shop, log in
            var seen: [Int] = []
            for try await id in shop.idPages(of: .list("order_states"), element: "order_state") { seen.append(id) }
            #expect(seen == ids)
            #expect(await log.sent == ["GET order_states"])
        }
    }

    @Test func theWholeCatalogueArrivesAPageAtATime() async throws {
        let name = try FacadeFixtures.text("get_products_1.xml", "//product/name/language[@id='1']")
        try await ExtrasFixtures.withServer({ _ in
            let body = (try? ExtrasFixtures.fullList("products", element: "product", files: ["get_products_1.xml"])) ?? []
            return LocalServer.Reply(status: 200, headers: ExtrasFixtures.xmlHeaders, bytes: body)
        }) { server, shop in
            var names: [String?] = []
            for try await product in shop.catalogue.allProducts(pageSize: 50) { names.append(product.name?[1]) }
            #expect(names == [name] && name == "Faded Short Sleeves T-shirt")
            #expect(server.received.map(\.uri) == ["/api/products?display=full&limit=0%2C50"])
        }
    }
}
