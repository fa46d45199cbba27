@testable import ShopWeb
@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import HummingbirdTesting
import ShopKit
import ShopReplay
import Testing

/// What the storefront refuses and how it fails: under-age registration, a wrong password,
/// unknown products, bad quantities, a shop that is down or answers a web page — each with
/// its status, the field named, and never the key in the answer.
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopRefusalTests {
    @Test func anUnderEighteenBirthdayIsRefusedWithTheFieldNamed() async throws {
        try await withShopApp { client, harness in
            var browser = ShopBrowser(client)
            let today = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
            let seventeen = String(format: "%04d-%02d-%02d", today.year! - 17, today.month!, min(today.day!, 28))
            let screen = try await browser.post("/shop/register", [
                ("firstname", "Young"), ("lastname", "Visitor"), ("email", "young@example.com"), ("password", "long enough"), ("birthday", seventeen),
            ])
            #expect(screen.status == .badRequest && screen.text.contains("at least 18 years old") && screen.text.contains("value=\"young@example.com\""))
            let api = try await browser.json("/api/shop/register", [
                "firstname": "Young", "lastname": "Visitor", "email": "young@example.com", "password": "long enough", "birthday": seventeen,
            ])
            #expect(api.status == .badRequest)
            #expect(try (try api.json()["error"] as? [String: Any])?["code"] as? String == "invalid_birthday")
            // Nothing was created on the shop.
            let found = try await harness.client.customers(withEmail: "young@example.com")
            #expect(found.isEmpty)
        }
    }

    @Test func aWrongPasswordIsUnauthorized() async throws {
        try await withShopApp { client, _ in
            var browser = ShopBrowser(client)
            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Alan", "lastname": "Turing", "email": "alan.refusal@example.com", "password": "enigma machine", "birthday": "1970-06-23",
            ])
            #expect(registered.status == .created)
            let wrong = try await browser.json("/api/shop/login", ["email": "alan.refusal@example.com", "password": "bombe machine"])
            #expect(wrong.status == .unauthorized)
            #expect(try (try wrong.json()["error"] as? [String: Any])?["code"] as? String == "invalid_credentials")
            let right = try await browser.json("/api/shop/login", ["email": "alan.refusal@example.com", "password": "enigma machine"])
            #expect(try right.status == .ok && (try right.json()["customer"] as? [String: Any])?["name"] as? String == "Alan Turing")
        }
    }

    @Test func anUnknownProductIsNotFound() async throws {
        try await withShopApp { client, _ in
            var browser = ShopBrowser(client)
            #expect(try await browser.get("/shop/products/999999").status == .notFound)
            let api = try await browser.json("/api/shop/products/999999", method: .get)
            #expect(try api.status == .notFound && (try api.json()["error"] as? [String: Any])?["code"] as? String == "not_found")
            #expect(try await browser.json("/api/shop/cart", ["productID": 999999, "quantity": 1]).status == .notFound)
            #expect(try await browser.get("/shop/products/abc").status == .notFound)
        }
    }

    @Test(arguments: ["0", "-1", "two", ""])
    func aQuantityThatIsNotAWholeNumberAboveZeroIsABadRequest(_ quantity: String) async throws {
        try await withShopApp { client, _ in
            var browser = ShopBrowser(client)
            let form = try await browser.post("/shop/cart", [("product", "1"), ("combination", "1"), ("quantity", quantity)])
            #expect(form.status == .badRequest && form.text.contains("The quantity must be a whole number"))
            #expect(form.text.contains("Faded Short Sleeves T-shirt"), "the product page again, with the form")
            let api = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 1, "quantity": quantity])
            #expect(try api.status == .badRequest && (try api.json()["error"] as? [String: Any])?["code"] as? String == "invalid_quantity")
        }
    }

    @Test func aShopThatIsDownIsABadGateway() async throws {
        try await withShopApp(shopURL: "http://127.0.0.1:9/") { client, _ in
            var browser = ShopBrowser(client)
            let api = try await browser.json("/api/shop/products/1", method: .get)
            #expect(api.status == .badGateway)
            #expect(try (try api.json()["error"] as? [String: Any])?["code"] as? String == "shop_unreachable")
            let screen = try await browser.get("/shop/products/1")
            #expect(screen.status == .badGateway && screen.text.contains("cannot be reached"))
        }
    }

    @Test func aShopAnsweringAWebPageIsABadGatewayThatSaysSo() async throws {
        try await withShopApp { client, harness in
            await harness.server.inject(.htmlPage, at: "products/1")
            var browser = ShopBrowser(client)
            let api = try await browser.json("/api/shop/products/1", method: .get)
            #expect(try api.status == .badGateway && (try api.json()["error"] as? [String: Any])?["code"] as? String == "shop_not_webservice")
            let screen = try await browser.get("/shop/products/1").text
            #expect(screen.contains("The shop is not available right now (it may be under maintenance)"))
            #expect(!screen.contains("webservice") && !screen.contains("text/html"), "the administrator's detail stays in the log")
        }
    }

    @Test func productImagesComeThroughBottegaWithAPlaceholderWhenTheShopHasNone() async throws {
        try await withShopApp { client, harness in
            // A 1×1 GIF as the shop's image 1 of product 1 (no recording has image bytes).
            let gif: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x21, 0xF9, 4, 1, 0, 0, 0, 0,
                                0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
            await harness.server.stub(path: "images/products/1/1", headers: [(name: "Content-Type", value: "image/gif")], body: gif)
            var browser = ShopBrowser(client)
            let image = try await browser.get("/shop/images/products/1/1")
            #expect(image.status == .ok && image.headers[.contentType] == "image/gif" && Array(buffer: image.body) == gif)
            let none = try await browser.get("/shop/images/products/1/2")
            #expect(none.headers[.contentType] == "image/svg+xml" && none.text.contains("No picture"))
        }
    }
}

/// Without a shop, `/shop` explains how to configure one and the API answers 503.
@Suite struct ShopUnconfiguredTests {
    @Test func withoutAShopTheScreenExplainsAndTheAPIAnswers503() async throws {
        try await withBottegaApp { client, _ in
            let screen = try await client.execute(uri: "/shop", method: .get)
            #expect(screen.status == .ok && screen.text.contains("SHOP_URL") && screen.text.contains("--shop-replay"))
            let api = try await client.execute(uri: "/api/shop/categories", method: .get)
            #expect(api.status == .serviceUnavailable)
            #expect(try (try api.json()["error"] as? [String: Any])?["code"] as? String == "shop_not_configured")
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.text.contains("href=\"/shop\""))
        }
    }
}
