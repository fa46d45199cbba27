import Crypto
import Foundation
import ShopKit

/// What a checkout page showed, reduced to a digest the "Place the order" form carries: the
/// cart's lines, the delivery and invoice addresses, the carrier, the voucher, the payment and
/// PrestaShop's totals. The server recomputes it from a fresh quote and refuses an order whose
/// digest differs, so an order is never placed for something the shopper did not see.
struct CheckoutDigest: Sendable, Hashable {
    let value: String

    init(
        cartID: Int, lines: [CartQuoteRequest.Line], addressID: Int, invoiceAddressID: Int, carrierID: Int, voucher: String,
        payment: PaymentMethod?, quote: CartQuote
    ) {
        let rows = lines.map { "\($0.productID):\($0.combinationID):\($0.quantity)" }.sorted().joined(separator: ",")
        let cents = { (value: Double) in String(format: "%.2f", value) }
        let shown = [
            "cart=\(cartID)", "lines=\(rows)", "address=\(addressID)", "invoice=\(invoiceAddressID)", "carrier=\(carrierID)",
            "voucher=\(voucher.uppercased())", "payment=\(payment.map(Self.name) ?? "")",
            "products=\(cents(quote.products.taxIncluded))", "shipping=\(cents(quote.shipping.taxIncluded))",
            "discounts=\(cents(quote.discounts.taxIncluded))", "paid=\(cents(quote.paid.taxIncluded))/\(cents(quote.paid.taxExcluded))",
        ].joined(separator: ";")
        value = SHA256.hash(data: Data(shown.utf8)).map { String(format: "%02x", $0) }.joined().prefix(32).description
    }

    static func name(_ payment: PaymentMethod) -> String {
        switch payment {
        case .cashOnDelivery: "cod"
        case .bankWire: "bankwire"
        }
    }
}
