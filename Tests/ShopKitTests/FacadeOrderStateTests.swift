import ShopKit
import Testing

/// The thesis's last order methods and the state methods, against the 8.1.2 replay.
@Suite(.enabled(if: Live812.available, Live812.skipReason))
struct FacadeOrderStateTests {
    @Test("editOrderStateWithId: order 9, in state 3 as the recorded flow's change left it, goes to 4 and keeps a history row")
    func setState() async throws {
        try await Live812.withShop { shop in
            let before = try await shop.checkout.placedOrder(id: 9)
            #expect(before.currentState == 3, "flows/order/08: state 3 after the recorded order_histories POST")
            let after = try await shop.checkout.setState(4, ofOrder: 9)
            #expect(after.currentState == 4)
            #expect(after.valid == true)
            let history = try await shop.customers.orderHistory(ofCustomer: 5, languageID: 1)
            #expect(history.first { $0.order.id == 9 }?.stateName == "Shipped")
        }
    }

    @Test("editOrderTotalPaidRealWithId: order 8's amount paid becomes what was sent; negative is refused before any request")
    func setTotalPaidReal() async throws {
        try await Live812.withShop { shop in
            let before = try await shop.checkout.placedOrder(id: 8)
            #expect(before.totalPaidReal == ShopDecimal("1"))
            let updated = try await shop.checkout.setTotalPaidReal(ShopDecimal("91.60")!, ofOrder: 8)
            #expect(updated.totalPaidReal == ShopDecimal("91.60"))
            let reread = try await shop.checkout.placedOrder(id: 8)
            #expect(reread.totalPaidReal == ShopDecimal("91.60"))
            await #expect(throws: ShopError.self) { _ = try await shop.checkout.setTotalPaidReal(ShopDecimal("-1")!, ofOrder: 8) }
        }
    }

    @Test("getCastOnDeliveryPrice: 8.1's module has no fee; a configured value is read as it is")
    func cashOnDeliveryFee() async throws {
        try await Live812.withShop { shop in
            let none = try await shop.checkout.cashOnDeliveryFee(configurationKey: "PS_COD_FEE_NOT_IN_8_1")
            #expect(none == ShopDecimal(0))
            // Any decimal configuration proves the read: PS_SHIPPING_HANDLING is 2 in the recording.
            let handling = try await shop.checkout.cashOnDeliveryFee(configurationKey: "PS_SHIPPING_HANDLING")
            #expect(handling == ShopDecimal(2))
        }
    }

    @Test("getStateWithId:, getActiveStates, getActiveStatesForCountry: Florida, Italy's provinces, none for France")
    func states() async throws {
        try await Live812.withShop { shop in
            let florida = try await shop.information.state(id: 12)
            #expect(florida.name == "Florida")
            let italy = try await shop.information.activeStates(ofCountry: 10)
            #expect(italy.count > 100)
            #expect(italy.contains { $0.isoCode == "MI" && $0.name == "Milano" })
            let france = try await shop.information.activeStates(ofCountry: 8)
            #expect(france.isEmpty)
            let all = try await shop.information.activeStates()
            #expect(Set(all.compactMap(\.countryID)).isSuperset(of: [10, 21]))
        }
    }
}
