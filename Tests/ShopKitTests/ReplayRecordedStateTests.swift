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
}
