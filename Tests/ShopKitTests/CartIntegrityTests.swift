import Foundation
import ShopKit
import Testing

/// Carts that never lose a row, on the 8.1.2 replay through the same cache the storefront uses.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct CartIntegrityTests {
    static func withCachedShop(_ body: @Sendable (ShopFacade, WebserviceClient) async throws -> Void) async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let cached = ShopFacade(sender: CachingSender(client, cache: ShopCache(timeToLive: .seconds(300), maxEntries: 500)))
            try await body(cached, client)
        }
    }

    @Test("a row another device adds survives the next add, even after the cart was read through the cache")
    func rowAddedBehindTheBackSurvives() async throws {
        try await Self.withCachedShop { shop, client in
            let cart = try await shop.carts.create(customerID: 5, currencyID: 1, languageID: 1, addressID: 8)
            let cartID = try #require(cart.id)
            _ = try await shop.carts.add(productID: 6, quantity: 1, toCart: cartID)
            _ = try await shop.carts.cart(id: cartID)
            // Another device (a facade of its own, no cache) adds a row.
            _ = try await ShopFacade(sender: client).carts.add(productID: 7, quantity: 2, toCart: cartID)
            let after = try await shop.carts.add(productID: 16, combinationID: 29, quantity: 1, toCart: cartID)
            let rows = Set((after.rows ?? []).map { "\($0.productID ?? 0)/\($0.productAttributeID ?? 0)×\($0.quantity ?? 0)" })
            #expect(rows == ["6/0×1", "7/0×2", "16/29×1"])
        }
    }

    @Test("ten parallel adds to one cart give ten rows")
    func parallelAdds() async throws {
        try await Self.withCachedShop { shop, _ in
            let cart = try await shop.carts.create(customerID: 5, currencyID: 1, languageID: 1, addressID: 8)
            let cartID = try #require(cart.id)
            let products = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for product in products {
                    group.addTask { _ = try await shop.carts.add(productID: product, quantity: 1, toCart: cartID) }
                }
                try await group.waitForAll()
            }
            let final = try await shop.carts.cart(id: cartID)
            #expect(Set((final.rows ?? []).compactMap(\.productID)) == Set(products))
            #expect(final.rows?.count == 10)
        }
    }

    @Test("a cart deleted on the shop's side is a not-found error, not a stale copy")
    func deletedCart() async throws {
        try await Self.withCachedShop { shop, client in
            let cart = try await shop.carts.create(customerID: 5, currencyID: 1, languageID: 1, addressID: 8)
            let cartID = try #require(cart.id)
            _ = try await shop.carts.add(productID: 6, quantity: 1, toCart: cartID)
            _ = try await client.send(.delete("carts", id: cartID))
            await #expect {
                _ = try await shop.carts.add(productID: 7, quantity: 1, toCart: cartID)
            } throws: { error in
                guard case .webservice(.notFound) = error as? ShopError else { return false }
                return true
            }
        }
    }
}
