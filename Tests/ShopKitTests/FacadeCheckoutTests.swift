import Foundation
import ShopKit
import ShopReplay
import Testing

/// Registering, a cart and an order through the replay server's write emulator, as far as it
/// can follow the real shop. The emulator stores what is POSTed and PUT (API-NOTES §3); it is
/// not PrestaShop: it does not hash passwords, price carts, check stock, or run the payment
/// module's `validateOrder()` that a real POST `orders` runs (§9), so the order's totals,
/// state and rows are only what was sent.
@Suite(.serialized, .enabled(if: ReplayFixtures.available, ReplayFixtures.skipReason))
struct FacadeCheckoutTests {
    @Test func registerACustomerAndAddAnAddress() async throws {
        let recordedIDs = try FacadeFixtures.texts("get_customers__date_1_limit_0_1000_filter_date_upd_gt_2016_09_01_00_00_00.xml", "//customer/@id")
            .compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, _ in
            _ = try await shop.customers.customer(id: 1)  // the client learns the shop's version
            var customer = Customer()
            customer.firstname = "Ada"
            customer.lastname = "Lovelace"
            customer.email = "ada@example.com"
            customer.passwordHash = "0123456789abcdef0123456789abcdef"
            let registered = try await shop.customers.register(customer)
            let id = try #require(registered.id)
            #expect(id > (recordedIDs.max() ?? 0))
            #expect(try await shop.customers.customer(id: id).email == "ada@example.com")

            var address = Address()
            address.customerID = id
            address.countryID = 8
            address.alias = "Home"
            address.firstname = "Ada"
            address.lastname = "Lovelace"
            address.address1 = "12 Rue de Rivoli"
            address.postcode = "75001"
            address.city = "Paris"
            let added = try await shop.customers.addAddress(address)
            #expect(added.customerID == id && added.city == "Paris")
            #expect(try await shop.customers.address(id: try #require(added.id)).address1 == "12 Rue de Rivoli")
        }
    }

    @Test func invalidArgumentsAreRefusedBeforeAnyRequest() async throws {
        try await FacadeFixtures.withFacade { _, shop, log in
            var customer = Customer()
            customer.firstname = "Ada"
            let error = await FacadeFixtures.shopError { _ = try await shop.customers.register(customer) }
            guard case .invalidArgument(let reason) = error else { Issue.record("expected invalidArgument"); return }
            #expect(reason.contains("email"))
            let quantity = await FacadeFixtures.shopError { _ = try await shop.carts.add(productID: 1, quantity: 0, toCart: 1) }
            guard case .invalidArgument = quantity else { Issue.record("expected invalidArgument"); return }
            #expect(await log.sent.isEmpty)
        }
    }

    @Test func aCartIsCreatedFilledChangedAndEmptied() async throws {
        try await FacadeFixtures.withFacade { _, shop, _ in
            _ = try await shop.customers.customer(id: 1)
            let cart = try await shop.carts.create(customerID: 1, currencyID: 1, languageID: 1, addressID: 1)
            let cartID = try #require(cart.id)
            #expect(cart.customerID == 1)
            let combinations = try await shop.catalogue.product(id: 1).combinationIDs ?? []
            let combination = try #require(combinations.first)

            var filled = try await shop.carts.add(productID: 1, combinationID: combination, quantity: 2, toCart: cartID)
            #expect(filled.rows?.map(\.quantity) == [2])
            filled = try await shop.carts.add(productID: 1, combinationID: combination, quantity: 1, toCart: cartID)
            #expect(filled.rows?.map(\.quantity) == [3])
            #expect(filled.rows?.first?.productAttributeID == combination)

            let changed = try await shop.carts.setQuantity(1, productID: 1, combinationID: combination, inCart: cartID)
            #expect(changed.rows?.map(\.quantity) == [1])
            let read = try await shop.carts.cart(id: cartID)
            #expect(read.rows?.map(\.quantity) == [1])
            let emptied = try await shop.carts.remove(productID: 1, combinationID: combination, fromCart: cartID)
            #expect((emptied.rows ?? []).isEmpty)
        }
    }

    @Test func placingAnOrderSendsWhatPostOrdersNeeds() async throws {
        let carrierIDs = try FacadeFixtures.texts("get_carriers__filter_deleted_0.xml", "//carrier/@id").compactMap { Int($0) }
        try await FacadeFixtures.withFacade { _, shop, _ in
            _ = try await shop.customers.customer(id: 1)
            let cart = try await shop.carts.create(customerID: 1, currencyID: 1, languageID: 1, addressID: 1)
            let cartID = try #require(cart.id)
            _ = try await shop.carts.add(productID: 1, toCart: cartID)
            let carrier = try #require(carrierIDs.last)
            let order = try await shop.checkout.placeOrder(OrderPlacement(
                cartID: cartID, customerID: 1, deliveryAddressID: 1, carrierID: carrier, currencyID: 1, languageID: 1,
                payment: .cashOnDelivery, totalPaid: ShopDecimal("19.812")!, totalProducts: ShopDecimal("16.51")!,
                totalProductsWithTax: ShopDecimal("19.812")!))
            #expect(order.id != nil)
            #expect(order.cartID == cartID && order.carrierID == carrier)
            #expect(order.addressInvoiceID == 1, "the invoice address defaults to the delivery one")
            #expect(order.module == "cashondelivery", "the 1.6 module name (the replayed shop is 1.6.1)")
            #expect(order.totalPaid == ShopDecimal("19.812"))
        }
    }

    @Test func theModuleNameFollowsTheVersion() {
        #expect(PaymentMethod.bankWire.module(for: PrestaShopVersion("1.6.1.24")!) == "bankwire")
        #expect(PaymentMethod.bankWire.module(for: PrestaShopVersion("8.1.0")!) == "ps_wirepayment")
        #expect(PaymentMethod.cashOnDelivery.module(for: PrestaShopVersion("1.7.7.0")!) == "ps_cashondelivery")
    }
}
