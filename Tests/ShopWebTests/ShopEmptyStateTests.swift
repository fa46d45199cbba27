@testable import ShopWeb
@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import HummingbirdTesting
import Testing

/// What the storefront says when the shop has nothing to show: no special offers, no
/// information pages, no shipping price for the address's zone (said plainly, never 0).
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopEmptyStateTests {
    @Test func noSpecialOffersAndNoInformationPagesAreSaidInASentence() async throws {
        try await withShopApp { client, _ in
            var browser = ShopBrowser(client)
            let specials = try await browser.get("/shop/specials")
            #expect(specials.status == .ok && specials.text.contains("There are no special offers at the moment"))
            let api = try await browser.json("/api/shop/specials", method: .get).json()
            #expect((api["products"] as? [Any])?.isEmpty == true)
            let info = try await browser.get("/shop/info")
            #expect(info.status == .ok && info.text.contains("The shop has published no information pages"))
            #expect((try await browser.json("/api/shop/cms", method: .get).json()["pages"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aCarrierWithoutAPriceForTheZoneSaysSoAndCannotBeChosen() async throws {
        try await withShopApp { client, _ in
            var browser = ShopBrowser(client)
            let added = try await browser.json("/api/shop/cart", ["productID": 1, "quantity": 1])
            let token = try #require(try added.json()["token"] as? String)
            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Mary", "lastname": "Somerville", "email": "mary.zone@example.com", "password": "mechanism of the heavens", "birthday": "1980-12-26",
            ], token: token)
            #expect(registered.status == .created)
            let address = try await browser.json("/api/shop/addresses", [
                "firstname": "Mary", "lastname": "Somerville", "address1": "Burntisland", "postcode": "KY3 9DR", "city": "Fife", "country": 17,
            ], token: token)
            let addressID = try #require(try address.json()["id"] as? Int)
            let carriers = try await browser.json("/api/shop/carriers?address=\(addressID)", method: .get, token: token).json()
            // Carrier 2 has no price for the United Kingdom's zone: it does not deliver there, so it is not offered.
            #expect((carriers["carriers"] as? [[String: Any]])?.contains { $0["id"] as? Int == 2 } == false)
            let order = try await browser.json("/api/shop/order", ["addressID": addressID, "carrierID": 2, "payment": "cod"], token: token)
            #expect(order.status == .badRequest)
            #expect(try order.errorCode() == "invalid_carrier")
            #expect(order.text.contains("does not deliver to this address"))
        }
    }
}
