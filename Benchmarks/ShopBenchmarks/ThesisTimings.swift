import Benchmark
import Foundation
import HTTPClientTransport
import ShopKit
import ShopReplay

/// The thesis's app timings (start 1491 ms, login 50–70 ms, add to cart ~170 ms, opening a
/// 3-row cart ~1220 ms, on an iPhone over Wi-Fi to a PrestaShop 1.5 server) re-measured with
/// ShopKit against the replay of the live PrestaShop 8.1.2 demo recording on 127.0.0.1. The replay answers in
/// microseconds, so these are ShopKit's own costs plus loopback HTTP: what a real shop adds is
/// its network and PHP time, per request — hence the request counts in the names.
enum ThesisTimings {
    static let key = "BENCHMARKBENCHMARKBENCHMARKBENCH"
    static let email = "benchmark@example.com"
    static let password = "bottega-benchmark"

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures/prestashop/ps-8.1.2-live").standardizedFileURL

    /// The replay server, started once for all the benchmarks, with a registered customer and a
    /// cart of three rows (product 1 in three of its combinations).
    struct Shop: Sendable {
        let base: URL
        let customerID: Int
        let cartID: Int
        /// A second cart, which the add-to-cart benchmark fills.
        let fillingCartID: Int

        func client() throws -> WebserviceClient {
            WebserviceClient(configuration: try ShopConfiguration(shop: base.absoluteString, key: ThesisTimings.key), transport: AsyncHTTPClientTransport.shared)
        }
    }

    static func start() async throws -> Shop {
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: fixtures), keys: [key])
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = server.application(onServerRunning: { port in
            continuation.yield(port)
            continuation.finish()
        })
        Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let base = URL(string: "http://127.0.0.1:\(port)/") else {
            throw BenchmarkFailure("the replay server did not start")
        }
        let created = await server.write("POST", "customers", xml: """
            <prestashop><customer><lastname>Bench</lastname><firstname>Mark</firstname><email>\(email)</email>\
            <passwd>\(password)</passwd><active>1</active><deleted>0</deleted><is_guest>0</is_guest></customer></prestashop>
            """)
        guard created.status == 201 else { throw BenchmarkFailure("registering the customer gave \(created.status)") }
        let facade = ShopFacade(sender: WebserviceClient(configuration: try ShopConfiguration(shop: base.absoluteString, key: key), transport: AsyncHTTPClientTransport.shared))
        let customer = try await CustomerLogin(lookup: WebserviceClient(configuration: try ShopConfiguration(shop: base.absoluteString, key: key), transport: AsyncHTTPClientTransport.shared))
            .authenticate(email: email, password: password)
        guard let customerID = customer.id else { throw BenchmarkFailure("the customer has no id") }
        let cart = try await facade.carts.create(customerID: customerID, currencyID: 1, languageID: 1)
        guard let cartID = cart.id else { throw BenchmarkFailure("the cart has no id") }
        let combinations = try await facade.catalogue.product(id: 1).combinationIDs ?? []
        guard combinations.count >= 3 else { throw BenchmarkFailure("product 1 has \(combinations.count) combinations, not 3") }
        for combination in combinations.prefix(3) { _ = try await facade.carts.add(productID: 1, combinationID: combination, toCart: cartID) }
        guard let fillingCartID = try await facade.carts.create(customerID: customerID, currencyID: 1, languageID: 1).id else {
            throw BenchmarkFailure("the second cart has no id")
        }
        return Shop(base: base, customerID: customerID, cartID: cartID, fillingCartID: fillingCartID)
    }

    /// What the storefront's first screen needs, on a new client (a cold start): the shop's
    /// name, the category tree, new arrivals and special offers.
    static func startUp(_ shop: Shop) async throws {
        let facade = ShopFacade(sender: try shop.client())
        blackHole(try await facade.information.name())
        blackHole(try await facade.catalogue.categoryTree())
        blackHole(try await facade.catalogue.newArrivals(count: 8))
        blackHole(try await facade.catalogue.specialOffers())
    }

    /// The recorded order 9's cart to Milan by carrier 2, priced the shop's way: what pricing
    /// needs read from the shop (13 requests), then computed.
    static let order9 = CartQuoteRequest(
        lines: [.init(productID: 1, combinationID: 2, quantity: 1), .init(productID: 6, quantity: 1), .init(productID: 16, combinationID: 29, quantity: 3)],
        countryID: 10, stateID: 0, carrierID: 2, groupID: 3)

    static func quote(_ shop: Shop) async throws -> CartQuote {
        try await ShopFacade(sender: try shop.client()).prices.quote(order9, now: ShopDateTime("2026-11-27 09:00:00")!)
    }

    /// The thesis's "open the cart": the cart, then each row's product and combination.
    static func openCart(_ shop: Shop, client: WebserviceClient) async throws {
        let facade = ShopFacade(sender: client)
        let cart = try await facade.carts.cart(id: shop.cartID)
        let rows = cart.rows ?? []
        guard rows.count == 3 else { throw BenchmarkFailure("the cart has \(rows.count) rows, not 3") }
        for row in rows {
            blackHole(try await facade.catalogue.product(id: row.productID ?? 0))
            if let combination = row.productAttributeID, combination != 0 {
                blackHole(try await facade.catalogue.combination(id: combination))
            }
        }
    }
}

/// The replay shop, started by the first benchmark that needs it.
actor ReplayShop {
    private var started: ThesisTimings.Shop?

    func shop() async throws -> ThesisTimings.Shop {
        if let started { return started }
        let shop = try await ThesisTimings.start()
        started = shop
        return shop
    }
}
