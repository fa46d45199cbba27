import Foundation
import ShopKit
import WebCore

/// What the storefront's screens and their JSON twins show. The same values render the
/// Mustache templates (read by reflection) and encode as the API's JSON, so the two cannot
/// drift apart. Money is text with the currency sign (`price`) and the exact value
/// (`priceValue`, "19.812" with tax, millionths kept).
struct CategoryLink: Encodable, Sendable {
    let id: Int
    let name: String
    let href: String
}

struct ProductCard: Encodable, Sendable {
    let id: Int
    let name: String
    let price: String
    let priceValue: ShopDecimal
    let reduced: Bool
    let oldPrice: String
    let imageURL: String
    let href: String
}

struct ChoiceView: Encodable, Sendable {
    let id: Int
    let label: String
    let price: String
    let selected: Bool
}

struct ProductPage: Encodable, Sendable {
    let id: Int
    let name: String
    let reference: String
    let summary: String
    let description: String
    let imageURLs: [String]
    let price: String
    let priceValue: ShopDecimal
    let reduced: Bool
    let oldPrice: String
    let oldPriceValue: ShopDecimal
    let taxNote: String
    let combinations: [ChoiceView]
    /// One picker per attribute group.
    let pickers: [AttributePicker]
    let hasCombinations: Bool
    let combinationID: Int
    let combinationLabel: String
    let available: Bool
}

struct CartRowView: Encodable, Sendable {
    let productID: Int
    let combinationID: Int
    let name: String
    let combination: String
    let hasCombination: Bool
    let unitPrice: String
    let unitPriceValue: ShopDecimal
    let quantity: Int
    let subtotal: String
    /// The shop's `small_default` thumbnail.
    let imageURL: String
    let href: String
}

struct CartView: Encodable, Sendable {
    let cartID: Int?
    let rows: [CartRowView]
    let empty: Bool
    let itemCount: Int
    /// "1 item", "3 items".
    let itemLabel: String
    let total: String
    let totalValue: ShopDecimal
    let totalWithoutTaxValue: ShopDecimal
    let taxNote: String

    init(cartID: Int?, rows: [CartRowView], empty: Bool, itemCount: Int, total: String, totalValue: ShopDecimal, totalWithoutTaxValue: ShopDecimal, taxNote: String) {
        self.cartID = cartID
        self.rows = rows
        self.empty = empty
        self.itemCount = itemCount
        self.itemLabel = itemCount == 1 ? "1 item" : "\(itemCount) items"
        self.total = total
        self.totalValue = totalValue
        self.totalWithoutTaxValue = totalWithoutTaxValue
        self.taxNote = taxNote
    }
}

struct AddressView: Encodable, Sendable {
    let id: Int
    let alias: String
    let lines: String
    let countryID: Int
    let selected: Bool
}

struct CountryChoice: Encodable, Sendable {
    let id: Int
    let name: String
    let selected: Bool
}

struct CarrierView: Encodable, Sendable {
    let id: Int
    let name: String
    let delay: String
    /// "4.00 €", "Free", or the plain sentence that the shop has no price for this zone.
    let shipping: String
    let shippingValue: ShopDecimal?
    let hasPrice: Bool
    let selected: Bool
}

struct OrderView: Encodable, Sendable {
    let id: Int
    let reference: String
    let hasReference: Bool
    let payment: String
    let total: String
    let totalValue: ShopDecimal
    let cartID: Int
    let carrierID: Int
    let addressID: Int
    /// Where it goes and who is invoiced, as the shop holds the addresses, and by which carrier.
    let deliveryAddress: String
    let invoiceAddress: String
    let carrier: String
    /// The totals as the shop stored them.
    let products: String
    let shipping: String
    let discounts: String
    let hasDiscounts: Bool
    let totalWithoutTax: String
    /// The shop's name of the order's state ("Payment error", "Remote payment accepted").
    let state: String
    let stateID: Int
    /// PrestaShop put the order in `PS_OS_ERROR`: the page says so and thanks no one.
    let paymentError: Bool
    /// What to do to pay (cash on delivery, bank wire details), when the order is not in error.
    let paymentInstructions: String?
    let date: String
    let lines: [ShopOrderLineView]
}

struct ShopOrderLineView: Encodable, Sendable {
    /// The product and its combination as the shop stored the line ("Hummingbird printed
    /// t-shirt (Size:M - Color:Black)").
    let name: String
    let quantity: Int
    let unitPrice: String
    let total: String
}

/// The totals a checkout shows before the order: PrestaShop's own computation.
struct CheckoutTotals: Encodable, Sendable {
    let products: String
    let shipping: String
    let discounts: String
    let hasDiscounts: Bool
    let total: String
    let totalWithoutTax: String
    let voucher: String?
    let voucherNote: String?
    /// The ``CheckoutDigest`` of this quote, carried by "Place the order".
    let digest: String
}

struct CMSPageLink: Encodable, Sendable {
    let id: Int
    let title: String
    let href: String
}

struct CMSPageView: Encodable, Sendable {
    let id: Int
    let title: String
    let text: String
}

struct CustomerView: Encodable, Sendable {
    let id: Int
    let name: String
    let email: String
}

/// Shop texts as plain text: product descriptions and CMS pages are HTML written in the shop's
/// back office, which this server does not trust enough to paste into its pages.
enum ShopText {
    static func plain(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<br\\s*/?>|</p>|</li>|</h[1-6]>", with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&nbsp;", " "), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&rsquo;", "’")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
