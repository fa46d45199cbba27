import Foundation
import ShopKit
import ShopReplay
import Testing

/// The replay is the shop the recording left (issue 41, fault 8): a record a recorded write
/// changed is served as written, whatever was read of it before.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct ReplayRecordedStateTests {
    @Test("PS_SHIPPING_FREE_PRICE is 150, as setup/13's PUT left it, by id and by a filtered list read before the PUT")
    func freeShippingFromTheRecordedPUT() async throws {
        try await Live812.withShop { shop in
            let values = try await shop.information.configurationValues(["PS_SHIPPING_FREE_PRICE"])
            #expect(values["PS_SHIPPING_FREE_PRICE"] == "150")
            let settings = try await shop.prices.catalogue(productIDs: [2], groupID: 3, countryID: 10, stateID: 0, carrierIDs: [2]).settings
            #expect(settings.freeShippingPrice == 150)
        }
    }

    @Test("customer 5's history holds the four orders the recording placed for it, order 10 (never read whole) included")
    func customerFiveHasFourOrders() async throws {
        try await Live812.withShop { shop in
            let orders = try await shop.customers.orders(ofCustomer: 5)
            #expect(Set(orders.compactMap(\.id)) == [8, 9, 10, 11])
        }
    }

    @Test("order 9 is in state 3, where the recorded order_histories POST moved it, not the 11 it was read in before")
    func orderNineAfterItsHistory() async throws {
        try await Live812.withShop { shop in
            let order = try await shop.checkout.placedOrder(id: 9)
            #expect(order.currentState == 3)
            #expect(order.totalPaidTaxIncl == ShopDecimal("91.60"))
        }
    }

    @Test("a JSON read of order 9 is the order as it stands, written as 8.1.2 wrote the recorded one: same fields, same types")
    func orderNineInJSON() async throws {
        try await ReplayFixtures.withShop(Live812.folder) { _, client, _ in
            let recorded = try #require((try Live812.json("responses/flows/order/05_correct_total_order_json.json") as? [String: Any])?["order"] as? [String: Any])
            let answer = try await client.send(WebserviceRequest.get("orders", id: 9).adding("output_format", "JSON"))
            let served = try #require((try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["order"] as? [String: Any])
            #expect(recorded["current_state"] as? Int == 11, "read before the recorded order_histories POST")
            #expect(served["current_state"] as? Int == 3)
            #expect(Set(served.keys) == Set(recorded.keys))
            for (key, value) in recorded where key != "current_state" && key != "associations" && key != "date_upd" {
                #expect(String(describing: served[key] ?? "missing") == String(describing: value), "\(key)")
            }
            let rows = try #require(((served["associations"] as? [String: Any])?["order_rows"] as? [[String: Any]]))
            let recordedRows = try #require(((recorded["associations"] as? [String: Any])?["order_rows"] as? [[String: Any]]))
            #expect(rows.count == recordedRows.count)
            #expect(rows.first?["product_name"] as? String == "Hummingbird printed t-shirt (Size:S - Color:Black)" && rows.first?["id"] as? Int == 15)

            // A state written now shows in the next JSON read.
            _ = try await client.send(.create("order_histories", xml: Array(
                "<prestashop><order_history><id_order_state>4</id_order_state><id_order>9</id_order><id_employee>0</id_employee></order_history></prestashop>".utf8)))
            let later = try await client.send(WebserviceRequest.get("orders", id: 9).adding("output_format", "JSON"))
            let order = try #require((try JSONSerialization.jsonObject(with: Data(later.body)) as? [String: Any])?["order"] as? [String: Any])
            #expect(order["current_state"] as? Int == 4)
        }
    }
}
