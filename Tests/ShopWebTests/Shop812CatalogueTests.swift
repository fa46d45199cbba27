@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import ShopKit
import Testing

/// What a shopper expects of the 8.1.2 demo's catalogue: attribute pickers, search, stock,
/// thumbnails, guest checkout — each checked against the recording.
@Suite(.serialized, .enabled(if: Shop812Fixtures.present, Comment(rawValue: Shop812Fixtures.skipReason)))
struct Shop812CatalogueTests {
    @Test func onePickerPerAttributeGroupChoosesTheCombination() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let page = try await browser.get("/shop/products/1")
            #expect(page.status == .ok)
            #expect(page.text.contains("name=\"attribute_1\"") && page.text.contains("name=\"attribute_2\""), "Size and Color pickers")
            #expect(!page.text.contains("name=\"combination\"><option"), "no list of whole combinations")
            // Size M (value 2) and Color Black (value 11): recorded combination 4.
            let chosen = try await browser.get("/shop/products/1?attribute_1=2&attribute_2=11")
            #expect(chosen.text.contains("name=\"combination\" value=\"4\""))
            #expect(chosen.text.contains("Size: M") && chosen.text.contains("Color: Black"))
            let impossible = try await browser.get("/shop/products/1?attribute_1=2&attribute_2=999")
            #expect(impossible.status == .badRequest)
        }
    }

    @Test func searchCardsAndThumbnails() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            let found = try await browser.get("/shop/search?q=mug")
            #expect(found.status == .ok && found.text.contains("Mug The best is yet to come"), "the recorded search answer for “mug”: \(found.text.firstMatch(of: /<main[\s\S]*<\/main>/).map { String($0.0) } ?? found.text)")
            #expect(found.text.contains("/home_default\""), "cards load the home_default thumbnail")
            let thumbnail = try await browser.get("/shop/images/products/6/6/home_default")
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            let unknownSize = try await browser.get("/shop/images/products/6/6/huge")
            #expect(unknownSize.status == .notFound)
        }
    }

    @Test func stockIsRespectedAsTheShopSays() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, _ in
            var browser = ShopBrowser(client)
            // Product 15: 100 in stock, out_of_stock 2 (the shop's PS_ORDER_OUT_OF_STOCK, 0): refused beyond 100.
            let tooMany = try await browser.json("/api/shop/cart", ["productID": 15, "quantity": 101])
            #expect(tooMany.status == .conflict && tooMany.text.contains("only 100"), "\(tooMany.text)")
            // Product 12: out_of_stock 1, ordering beyond the 300 in stock is allowed.
            let allowed = try await browser.json("/api/shop/cart", ["productID": 12, "quantity": 500])
            #expect(allowed.status == .created, "\(allowed.text)")
        }
    }

    @Test func aGuestOrdersWithoutAnAccount() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, harness in
            var browser = ShopBrowser(client)
            let added = try await browser.json("/api/shop/cart", ["productID": 6, "quantity": 1])
            let token = try #require(try added.json()["token"] as? String)
            let guest = try await browser.json("/api/shop/guest", ["firstname": "Elena", "lastname": "Cornaro", "email": "elena.guest@example.com"], token: token)
            #expect(guest.status == .created, "\(guest.text)")
            let customerID = try #require((try guest.json()["customer"] as? [String: Any])?["id"] as? Int)
            let stored = try await harness.shop.customers.customer(id: customerID)
            #expect(stored.isGuest == true && stored.defaultGroupID == 2)
            let address = try await browser.json("/api/shop/addresses", [
                "firstname": "Elena", "lastname": "Cornaro", "address1": "1 Main St", "postcode": "33101", "city": "Miami", "country": 21, "state": 12,
            ], token: token)
            let addressID = try #require(try address.json()["id"] as? Int, "\(address.text)")
            let carriers = try await browser.json("/api/shop/carriers?address=\(addressID)", method: .get, token: token)
            #expect(carriers.text.contains("My light carrier"), "\(carriers.text)")
            let order = try await browser.json("/api/shop/order", ["addressID": addressID, "carrierID": 4, "payment": "bankwire"], token: token)
            #expect(order.status == .created, "\(order.text)")
            #expect((try? order.json()["paymentError"] as? Bool) == false)
        }
    }
}
