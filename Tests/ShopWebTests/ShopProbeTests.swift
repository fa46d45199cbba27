@testable import ShopWeb
@testable import WebCore
import WebTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShopKit
import Testing

/// Issue 19's storefront probes: a session whose cart the shop deleted was stuck on 404, the
/// shop's own address showed in error pages, and a number past Int64 was taken as "absent".
@Suite(.enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopProbeTests {
    @Test func aSessionWhoseCartVanishedStartsANewOne() async throws {
        try await withShopApp { client, harness in
            var browser = ShopBrowser(client)
            let added = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 1, "quantity": 2])
            #expect(added.status == .created)
            let token = try #require(try added.json()["token"] as? String)
            let firstCart = try #require(((try added.json()["cart"] as? [String: Any])?["cartID"] as? Int))
            _ = try await harness.client.send(.delete("carts", id: firstCart))

            let viewed = try await browser.json("/api/shop/cart", method: .get, token: token)
            #expect(viewed.status == .ok)
            #expect((try viewed.json()["cart"] as? [String: Any])?["empty"] as? Bool == true, "\(viewed.text)")
            let again = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 1, "quantity": 1], token: token)
            #expect(again.status == .created, "\(again.text)")
            let cart = try #require(try again.json()["cart"] as? [String: Any])
            let newCart = try #require(cart["cartID"] as? Int)
            #expect(newCart != firstCart)
            #expect((cart["rows"] as? [[String: Any]])?.first?["quantity"] as? Int == 1)
            let stored = try await harness.shop.carts.cart(id: newCart)
            #expect(stored.rows?.first?.productID == 1)
        }
    }

    @Test func theShopsAddressNeverReachesAPage() async throws {
        try await withShopApp(shopURL: "http://127.0.0.1:9/") { client, _ in
            var browser = ShopBrowser(client)
            let api = try await browser.json("/api/shop/products/1", method: .get)
            let screen = try await browser.get("/shop/products/1")
            #expect(api.status == .badGateway && screen.status == .badGateway)
            for text in [api.text, screen.text] {
                #expect(!text.contains("127.0.0.1:9"), "\(text)")
                #expect(!text.contains("http://127.0.0.1"), "\(text)")
            }
        }
    }

    /// Found by schemathesis: the default combination was added instead.
    @Test func aCombinationThatIsNoWholeNumberIsRefused() async throws {
        try await withShopApp { client, _ in
            for value in ["9223372036854775808", "1.5"] {
                let response = try await client.execute(
                    uri: "/api/shop/cart", method: .post, headers: .json(),
                    body: ByteBuffer(string: #"{"productID": 1, "combinationID": "# + value + #", "quantity": 1}"#))
                #expect(response.status == .badRequest, "\(value): \(response.text)")
            }
        }
    }
}
