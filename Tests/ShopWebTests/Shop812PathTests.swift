@testable import ShopWeb
@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import ShopKit
import Testing

/// The storefront on the PrestaShop 8.1.2 demo (the default demo): the recorded order 9's
/// cart, to Milan, with the WELCOME5 voucher, checked against what the recording says the shop
/// computes (8.54 of shipping by carrier 2, 91.60 in all before the voucher).
@Suite(.serialized, .enabled(if: Shop812Fixtures.present, Comment(rawValue: Shop812Fixtures.skipReason)))
struct Shop812PathTests {
    @Test func cartToMilanWithAVoucherLandsValid() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, harness in
            var browser = ShopBrowser(client)
            let first = try await browser.json("/api/shop/cart", ["productID": 1, "combinationID": 2, "quantity": 1])
            #expect(first.status == .created)
            let token = try #require(try first.json()["token"] as? String)
            for (product, combination, quantity) in [(6, 0, 1), (16, 29, 3)] {
                let added = try await browser.json("/api/shop/cart", ["productID": product, "combinationID": combination, "quantity": quantity], token: token)
                #expect(added.status == .created || added.status == .ok, "\(added.text)")
            }
            let impossible = try await browser.json("/api/shop/register", [
                "firstname": "Laura", "lastname": "Bassi", "email": "laura.bassi@example.com", "password": "natural philosophy", "birthday": "1990-02-30",
            ], token: token)
            #expect(impossible.status == .badRequest && impossible.text.contains("1990-02-30"))
            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Laura", "lastname": "Bassi", "email": "laura.bassi@example.com", "password": "natural philosophy", "birthday": "1990-10-29",
            ], token: token)
            #expect(registered.status == .created, "\(registered.text)")

            let stateless = try await browser.json("/api/shop/addresses", [
                "firstname": "Laura", "lastname": "Bassi", "address1": "Via Zamboni 33", "postcode": "20121", "city": "Milano", "country": 10,
            ], token: token)
            #expect(stateless.status == .badRequest && stateless.text.contains("state or province"), "\(stateless.text)")
            let address = try await browser.json("/api/shop/addresses", [
                "firstname": "Laura", "lastname": "Bassi", "address1": "Via Zamboni 33", "postcode": "20121", "city": "Milano", "country": 10, "state": 183,
            ], token: token)
            #expect(address.status == .created, "\(address.text)")
            let addressID = try #require(try address.json()["id"] as? Int)

            let carriers = try await browser.json("/api/shop/carriers?address=\(addressID)", method: .get, token: token).json()
            let offered = (carriers["carriers"] as? [[String: Any]]) ?? []
            // Recorded order 9: carrier 2 charged 7.00 + 22 % = 8.54 to Milan.
            #expect(offered.first { $0["id"] as? Int == 2 }?["shippingValue"] as? String == "8.54")
            #expect(offered.first { $0["id"] as? Int == 1 }?["shipping"] as? String == "Free")

            let plain = try await browser.json("/api/shop/quote?address=\(addressID)&carrier=2", method: .get, token: token).json()
            #expect(plain["total"] as? String == "$91.60", "\(plain)")
            let badVoucher = try await browser.json("/api/shop/quote?address=\(addressID)&carrier=2&voucher=NOPE", method: .get, token: token)
            #expect(badVoucher.status == .badRequest)
            let quoted = try await browser.json("/api/shop/quote?address=\(addressID)&carrier=2&voucher=WELCOME5", method: .get, token: token).json()
            #expect(quoted["total"] as? String == "$86.60" && quoted["hasDiscounts"] as? Bool == true, "\(quoted)")

            let placed = try await browser.json("/api/shop/order", ["addressID": addressID, "carrierID": 2, "payment": "cod", "voucher": "WELCOME5"], token: token)
            #expect(placed.status == .created, "\(placed.text)")
            let answer = try placed.json()
            #expect(answer["paymentError"] as? Bool == false)
            let orderID = try #require(answer["id"] as? Int)
            let stored = try await harness.shop.checkout.placedOrder(id: orderID)
            // Booked in 11 "Remote payment accepted" by the webservice, then moved to 13, "Awaiting
            // Cash On Delivery validation" (order_states_13.xml, ps_cashondelivery's): not paid yet.
            #expect(stored.currentState == 13 && stored.carrierID == 2)
            #expect(stored.totalPaidTaxIncl == ShopDecimal("86.60") && stored.totalDiscountsTaxIncl == ShopDecimal("5.00"))
            let cart = try await harness.shop.carts.cart(id: try #require(stored.cartID))
            #expect(cart.deliveryOption == "{\"\(addressID)\":\"2,\"}")

            let history = try await browser.json("/api/shop/orders", method: .get, token: token).json()
            #expect(((history["orders"] as? [[String: Any]]) ?? []).contains { $0["id"] as? Int == orderID })
        }
    }

    @Test func anOrderInPaymentErrorIsNeverThanked() async throws {
        try await withShopApp(folder: Shop812Fixtures.folder) { client, harness in
            var browser = ShopBrowser(client)
            let registered = try await browser.json("/api/shop/register", [
                "firstname": "Maria", "lastname": "Agnesi", "email": "maria.agnesi@example.com", "password": "witch of agnesi", "birthday": "1990-05-16",
            ])
            #expect(registered.status == .created, "\(registered.text)")
            let session = try registered.json()
            let token = try #require(session["token"] as? String)
            let customerID = try #require((session["customer"] as? [String: Any])?["id"] as? Int)
            // The shop's own view of an order paid wrong: a cart ordered with total_paid 1.00.
            let cart = try await harness.shop.carts.create(customerID: customerID, currencyID: 1, languageID: 1, addressID: 8)
            _ = try await harness.shop.carts.add(productID: 6, quantity: 1, toCart: try #require(cart.id))
            let order = try await harness.shop.checkout.placeOrder(OrderPlacement(
                cartID: try #require(cart.id), customerID: customerID, deliveryAddressID: 8, carrierID: 2, currencyID: 1, languageID: 1,
                payment: .cashOnDelivery, totalPaid: ShopDecimal("1.00")!, totalProducts: ShopDecimal(0), totalProductsWithTax: ShopDecimal(0)))
            let api = try await browser.json("/api/shop/orders/\(try #require(order.id))", method: .get, token: token).json()
            #expect(api["paymentError"] as? Bool == true && api["state"] as? String == "Payment error", "\(api)")
            let page = try await browser.get("/shop/orders/\(try #require(order.id))", headers: [.cookie: "\(ShopVisitor.cookieName)=\(token)"])
            #expect(page.status == .ok)
            #expect(page.text.contains("Payment error") && page.text.contains("not accepted as paid"))
            #expect(!page.text.contains("Thank you"))
        }
    }
}
