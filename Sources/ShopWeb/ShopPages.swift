import Foundation
import WebCore

/// The storefront's screens as typed views, one per template: a message with nothing to say is
/// nil (Mustache shows a section for any string, even an empty one).
struct ShopHomePage: Encodable {
    let title = "Shop"
    let categories: [CategoryLink]
    let noCategories: Bool
    let customer: String?
    let loggedIn: Bool
}

/// The top of a category's page, written before its product cards stream in.
struct ShopCategoryTop: Encodable {
    let title: String
    let category: CategoryLink
    let children: [CategoryLink]
    let hasChildren: Bool
    let productCount: Int
    /// The page's place in the category and the sort menu.
    let pager: PagerView
}

/// The end of a category's page: what stopped the list, or what could not be read.
struct ShopCategoryBottom: Encodable {
    let problem: String?
    let empty: Bool
    let missing: String?
    /// Previous and next pages; nil when the list stopped before the page was known.
    let pager: PagerView?
}

struct ShopListPage: Encodable {
    /// The search box, filled with what was looked for.
    struct SearchBox: Encodable { let query: String }

    let title: String
    let products: [ProductCard]
    let empty: Bool
    let emptyText: String
    var search: SearchBox? = nil
    /// For a paged list (search): where the page sits, the sort menu.
    var pager: PagerView? = nil
}

struct ShopProductScreen: Encodable {
    let title: String
    let product: ProductPage
    let added: Bool
    let error: String?
}

struct ShopCartPage: Encodable {
    let title = "Cart"
    let cart: CartView
    let done: String?
}

struct ShopLoginPage: Encodable {
    let title = "Log in"
    let next: String
    let email: String?
    let error: String?
    /// On the way to the checkout: offer to continue as a guest (the shop may still refuse).
    let offersGuest: Bool

    init(next: String, email: String?, error: String?) {
        self.next = next
        self.email = email
        self.error = error
        offersGuest = next.hasPrefix("/shop/checkout")
    }
}

struct ShopRegisterPage: Encodable {
    /// What was typed, shown again after a refusal.
    struct Typed: Encodable { let firstname, lastname, email, birthday: String }

    let title = "Register"
    let next: String
    let form: Typed?
    let error: String?
    let minimumAge: Int
}

struct ShopAccountPage: Encodable {
    let title = "Account"
    let loggedIn: Bool
    let name: String?
    let addresses: [AddressView]
    let noAddresses: Bool
}

struct ShopAddressesPage: Encodable {
    struct Typed: Encodable { let alias, firstname, lastname, address1, postcode, city, phone: String }

    let title = "Addresses"
    let addresses: [AddressView]
    let noAddresses: Bool
    let countries: [CountryChoice]
    let stateGroups: [StateGroup]
    let form: Typed
    let error: String?
}

struct ShopCheckoutPage: Encodable {
    let title = "Checkout"
    let cart: CartView
    let addresses: [AddressView]
    /// The same addresses, the chosen invoice one selected.
    let invoiceAddresses: [AddressView]
    let noAddresses: Bool
    /// The chosen address's id, 0 for none.
    let address: Int
    /// What the totals are for, said in words next to them.
    let deliverTo: String
    let invoiceTo: String
    let carrierName: String
    let carriers: [CarrierView]
    let noCarriers: Bool
    /// PrestaShop's totals for the chosen address, carrier and voucher; nil before they are known.
    let totals: CheckoutTotals?
    let voucher: String
    let cashOnDelivery: Bool
    let bankWire: Bool
    let error: String?
}

struct ShopOrderPage: Encodable {
    /// Never "Thank you" for an order the shop put in "Payment error".
    let title: String
    let order: OrderView

    init(order: OrderView) {
        self.order = order
        title = order.paymentError ? "Order not paid" : "Order placed"
    }
}

struct ShopOrdersPage: Encodable {
    let title = "Your orders"
    let orders: [OrderView]
    let empty: Bool
}

struct ShopInfoPage: Encodable {
    let title = "Shop information"
    let pages: [CMSPageLink]
    let empty: Bool
}

struct ShopCMSPage: Encodable {
    let title: String
    let page: CMSPageView
}
