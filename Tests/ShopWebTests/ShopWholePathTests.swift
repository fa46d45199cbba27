@testable import ShopWeb
@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import HummingbirdTesting
import ShopKit
import Testing

/// The storefront's whole path on the replayed PrestaShop 1.6.1 shop, as a browser walks it:
/// browse → product → add to cart → register → address → carrier → order, with values from
/// the recorded XML (products/1 is "Faded Short Sleeves T-shirt" at 16.510000, categories/3 is
/// "Women", carriers/2 is "My carrier"), and what the storefront wrote read back through the
/// replay's emulator. Every answer is checked for the webservice key (``ShopBrowser``).
@Suite(.serialized, .enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
struct ShopWholePathTests {
    /// 20 % off products/1 for everyone, as the back office would make it.
    static let twentyPercentOff = """
        <prestashop><specific_price><id_shop_group>0</id_shop_group><id_shop>0</id_shop><id_cart>0</id_cart><id_product>1</id_product>\
        <id_product_attribute>0</id_product_attribute><id_currency>0</id_currency><id_country>0</id_country><id_group>0</id_group>\
        <id_customer>0</id_customer><id_specific_price_rule>0</id_specific_price_rule><price>-1.000000</price><from_quantity>1</from_quantity>\
        <reduction>0.200000</reduction><reduction_tax>1</reduction_tax><reduction_type>percentage</reduction_type>\
        <from>0000-00-00 00:00:00</from><to>0000-00-00 00:00:00</to></specific_price></prestashop>
        """
    /// carriers/2 (priced by weight, `shipping_method` 1) charges 7.00 to zone 1 (the United
    /// Kingdom's, countries/17) for any weight: a weight range and its delivery price.
    static func sevenPoundsToZoneOne(_ harness: ShopHarness) async throws {
        let range = try await harness.create("weight_ranges", """
            <prestashop><weight_range><id_carrier>2</id_carrier><delimiter1>0.000000</delimiter1><delimiter2>10000.000000</delimiter2></weight_range></prestashop>
            """)
        let rangeID = try #require(Int(try WebserviceDocument(xml: range.body).record("weight_range").field("id")?.text ?? ""))
        try await harness.create("deliveries", """
            <prestashop><delivery><id_carrier>2</id_carrier><id_range_price>0</id_range_price><id_range_weight>\(rangeID)</id_range_weight>\
            <id_zone>1</id_zone><id_shop>0</id_shop><id_shop_group>0</id_shop_group><price>7.000000</price></delivery></prestashop>
            """)
    }

    @Test func browseAddRegisterAddressCarrierOrder() async throws {
        try await withShopApp { client, harness in
            try await harness.create("specific_prices", Self.twentyPercentOff)
            try await Self.sevenPoundsToZoneOne(harness)
            var browser = ShopBrowser(client)

            let home = try await browser.get("/shop")
            #expect(home.status == .ok)
            #expect(home.text.contains("Women") && home.text.contains("/shop/categories/3"))

            let women = try await browser.get("/shop/categories/3")
            #expect(women.status == .ok)
            #expect(women.text.contains("Tops"), "the sub-category categories/4")
            #expect(women.text.contains("Faded Short Sleeves T-shirt") && women.text.contains("/shop/products/1"))
            // The category lists products 1 to 7; only products/1 was recorded: the others are
            // skipped and named, and the list goes on rather than stopping at the first.
            #expect(women.text.contains("6 of the category") && women.text.contains("products could not be read from the shop (products/2") && !women.text.contains("The list stopped"))

            let product = try await browser.get("/shop/products/1")
            #expect(product.status == .ok)
            #expect(product.text.contains("Faded Short Sleeves T-shirt"))
            // 16.510000 less 20 %: 13.208, shown old → new.
            #expect(product.text.contains("£ 16.51") && product.text.contains("£ 13.21"))
            #expect(product.text.contains("/shop/images/products/1/1"))

            let added = try await browser.post("/shop/cart", [("product", "1"), ("combination", "1"), ("quantity", "2")])
            #expect(added.status == .seeOther && added.location.hasPrefix("/shop/cart"))
            let cart = try await browser.get("/shop/cart")
            #expect(cart.text.contains("Faded Short Sleeves T-shirt") && cart.text.contains("£ 26.42"), "2 × 13.208 = 26.416")

            let register = try await browser.post("/shop/register", [
                ("firstname", "Ada"), ("lastname", "Lovelace"), ("email", "ada.storefront@example.com"), ("password", "analytical engine"),
                ("birthday", "1990-12-10"), ("next", "/shop/checkout"),
            ])
            #expect(register.status == .seeOther && register.location == "/shop/checkout")

            let noAddress = try await browser.get("/shop/checkout")
            #expect(noAddress.text.contains("no address yet"))
            let form = try await browser.get("/shop/addresses")
            #expect(form.text.contains("United Kingdom"), "countries/17, the recorded shop's active country")
            let saved = try await browser.post("/shop/addresses", [
                ("alias", "Home"), ("firstname", "Ada"), ("lastname", "Lovelace"), ("address1", "12 St James's Square"), ("postcode", "SW1Y 4JH"),
                ("city", "London"), ("country", "17"),
            ])
            #expect(saved.status == .seeOther)

            let checkout = try await browser.get("/shop/checkout")
            #expect(checkout.text.contains("My carrier") && checkout.text.contains("£ 7.00"))
            let address = try #require(checkout.text.firstMatch(of: /<option value="(\d+)" selected>/).flatMap { Int($0.1) })
            let digest = try #require(checkout.text.firstMatch(of: /name="quote" value="([0-9a-f]+)"/).map { String($0.1) })

            let placed = try await browser.post("/shop/checkout", [("address", String(address)), ("carrier", "2"), ("payment", "cod"), ("quote", digest)])
            #expect(placed.status == .seeOther)
            let orderID = try #require(placed.location.firstMatch(of: /\/shop\/orders\/(\d+)/).flatMap { Int($0.1) })
            let confirmation = try await browser.get(placed.location)
            #expect(confirmation.status == .ok && confirmation.text.contains("number \(orderID)"))

            // What the storefront wrote, read back from the shop.
            let order = try await harness.shop.checkout.placedOrder(id: orderID)
            #expect(order.carrierID == 2 && order.addressDeliveryID == address && order.module == "cashondelivery")
            // 2 × 13.208 = 26.416, rounded to the cent per line as PrestaShop does (PS_ROUND_TYPE 2), + 7.00.
            #expect(order.totalPaid == ShopDecimal("33.42"), "26.42 of products and 7.00 of shipping")
            let storedCart = try await harness.shop.carts.cart(id: try #require(order.cartID))
            #expect(storedCart.rows?.first?.productID == 1 && storedCart.rows?.first?.productAttributeID == 1 && storedCart.rows?.first?.quantity == 2)
            let customer = try await harness.shop.customers.customer(id: try #require(order.customerID))
            #expect(customer.email == "ada.storefront@example.com" && customer.passwordHash?.hasPrefix("$2y$10$") == true)
            #expect(storedCart.customerID == customer.id)

            // The order is done: the next visit starts an empty cart; log out, log in again.
            #expect(try await browser.get("/shop/cart").text.contains("The cart is empty"))
            _ = try await browser.post("/shop/logout", [])
            let wrong = try await browser.post("/shop/login", [("email", "ada.storefront@example.com"), ("password", "difference engine")])
            #expect(wrong.status == .unauthorized && wrong.text.contains("wrong password"))
            let again = try await browser.post("/shop/login", [("email", "ada.storefront@example.com"), ("password", "analytical engine"), ("next", "/shop/account")])
            #expect(again.status == .seeOther && again.location == "/shop/account")
            #expect(try await browser.get("/shop/account").text.contains("Ada Lovelace"))
        }
    }

    @Test func theAPIWalksTheSamePath() async throws {
        try await withShopApp { client, harness in
            try await Self.sevenPoundsToZoneOne(harness)
            var browser = ShopBrowser(client)
            let categories = try await browser.json("/api/shop/categories", method: .get).json()
            let names = (categories["categories"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(names.contains("Women"))
            let product = try await browser.json("/api/shop/products/1", method: .get).json()
            #expect(product["name"] as? String == "Faded Short Sleeves T-shirt" && product["priceValue"] as? String == "16.51")

            let added = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 1, "quantity": 3])
            #expect(added.status == .created)
            let token = try #require(try added.json()["token"] as? String)
            let patched = try await browser.json("/api/shop/cart/rows/1?combination=1", method: .patch, ["quantity": 1], token: token).json()
            #expect(((patched["cart"] as? [String: Any])?["rows"] as? [[String: Any]])?.first?["quantity"] as? Int == 1)

            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Grace", "lastname": "Hopper", "email": "grace.api@example.com", "password": "cobol compiler", "birthday": "1980-12-09",
            ], token: token)
            #expect(registered.status == .created)
            let address = try await browser.json("/api/shop/addresses", [
                "firstname": "Grace", "lastname": "Hopper", "address1": "1 Navy Way", "postcode": "E1 6AN", "city": "London", "country": "17",
            ], token: token)
            #expect(address.status == .created)
            let addressID = try #require(try address.json()["id"] as? Int)
            let carriers = try await browser.json("/api/shop/carriers?address=\(addressID)", method: .get, token: token).json()
            let carrier = try #require((carriers["carriers"] as? [[String: Any]])?.first { $0["id"] as? Int == 2 })
            #expect(carrier["shippingValue"] as? String == "7.00" && carrier["name"] as? String == "My carrier")

            let order = try await browser.json("/api/shop/order", ["addressID": addressID, "carrierID": 2, "payment": "bankwire"], token: token)
            #expect(order.status == .created)
            let orderID = try #require(try order.json()["id"] as? Int)
            let stored = try await harness.shop.checkout.placedOrder(id: orderID)
            #expect(stored.module == "bankwire" && stored.payment == "Bank wire")
            let rows = try await harness.shop.carts.cart(id: try #require(stored.cartID)).rows ?? []
            #expect(rows.count == 1 && rows.first?.quantity == 1)

            // Removing the last row of a new cart leaves it empty.
            _ = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 1, "quantity": 1], token: token)
            let emptied = try await browser.json("/api/shop/cart/rows/1?combination=1", method: .delete, token: token).json()
            #expect((emptied["cart"] as? [String: Any])?["empty"] as? Bool == true)
        }
    }
}
