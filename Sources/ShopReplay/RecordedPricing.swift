import Foundation

/// A cart PrestaShop itself priced, and the totals it stored for the order made of it: the
/// reference the emulator checks an order's `total_paid` with, in place of a calculator of
/// its own (which would only check ShopKit against itself).
public struct RecordedPricing: Sendable, Hashable {
    /// What makes two carts price alike: lines, delivery country and state, carrier, group, and
    /// what the vouchers granted to the customer take off (by their terms, not their ids).
    public struct Key: Sendable, Hashable {
        public let lines: [String]
        public let countryID: Int
        public let stateID: Int
        public let carrierID: Int
        public let groupID: Int
        public let vouchers: [String]

        public init(
            lines: [(product: Int, combination: Int, quantity: Int)], countryID: Int, stateID: Int, carrierID: Int, groupID: Int, vouchers: [String] = []
        ) {
            self.lines = lines.map { "\($0.product):\($0.combination):\($0.quantity)" }.sorted()
            self.countryID = countryID
            self.stateID = stateID
            self.carrierID = carrierID
            self.groupID = groupID
            self.vouchers = vouchers.sorted()
        }
    }

    /// A cart rule's terms, from its webservice fields: what it takes off and on what.
    static func voucherTerms(_ field: @escaping (String) -> String?) -> String {
        let decimal = { (name: String) in ShopDecimalText.normal(field(name)) }
        let flag = { (name: String) in (field(name) ?? "0") == "1" ? "1" : "0" }
        let number = { (name: String) in String(Int(field(name) ?? "") ?? 0) }
        return [
            "percent \(decimal("reduction_percent"))", "amount \(decimal("reduction_amount"))", "tax \(flag("reduction_tax"))",
            "product \(number("reduction_product"))", "shipping \(flag("free_shipping"))", "gift \(number("gift_product")):\(number("gift_product_attribute"))",
            "minimum \(decimal("minimum_amount")) tax \(flag("minimum_amount_tax")) shipping \(flag("minimum_amount_shipping"))",
            "specials \(flag("reduction_exclude_special"))", "partial \(flag("partial_use"))",
        ].joined(separator: ", ")
    }

    /// What the shop compared `total_paid` with: with vouchers bound to the customer, the
    /// cart's total before `validateOrder` attached them (products and shipping with tax),
    /// which is why s19's order, paid its stored total, landed in "Payment error".
    public var paymentReference: Double? {
        let value = { (field: String) in Double(totals[field] ?? "") }
        guard !key.vouchers.isEmpty else { return value("total_paid_tax_incl") }
        guard let products = value("total_products_wt"), let shipping = value("total_shipping_tax_incl") else { return nil }
        return products + shipping
    }

    public let key: Key
    /// The order's totals as PrestaShop stored them, by field (`total_paid_tax_incl` …), 6 decimals.
    public let totals: [String: String]
    /// Where the pricing was recorded, for the order's note.
    public let source: String

    static let totalFields = [
        "total_products", "total_products_wt", "total_shipping_tax_excl", "total_shipping_tax_incl", "total_discounts_tax_excl",
        "total_discounts_tax_incl", "total_paid_tax_excl", "total_paid_tax_incl",
    ]

    /// `ps-8.1.2-pricing/scenarios.json` (its README), vouchers included: s19's is bound to the
    /// customer with no code, as the emulator's granted vouchers are.
    static func scenarios(_ url: URL) throws(ReplayArchiveError) -> [RecordedPricing] {
        let list: [[String: Any]]
        do {
            list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]] ?? []
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        return list.compactMap { scenario in
            guard let cart = scenario["cart"] as? [String: Any],
                let stored = scenario["prestashop"] as? [String: Any], let delivery = cart["id_address_delivery"] as? [String: Any]
            else { return nil }
            let lines = (cart["lines"] as? [[String: Any]] ?? []).map { line in
                (product: line["product"] as? Int ?? 0, combination: line["combination"] as? Int ?? 0, quantity: line["quantity"] as? Int ?? 0)
            }
            let customer = scenario["customer"] as? [String: Any] ?? [:]
            let key = Key(
                lines: lines, countryID: delivery["id_country"] as? Int ?? 0, stateID: delivery["id_state"] as? Int ?? 0,
                carrierID: cart["id_carrier"] as? Int ?? 0, groupID: customer["id_default_group"] as? Int ?? 3,
                vouchers: (cart["cart_rules"] as? [[String: Any]] ?? []).map { rule in voucherTerms { rule[$0].map { "\($0)" } } })
            var totals: [String: String] = [:]
            for field in totalFields { totals[field] = stored[field] as? String }
            guard totals.count == totalFields.count else { return nil }
            return RecordedPricing(key: key, totals: totals, source: "ps-8.1.2-pricing \(scenario["name"] as? String ?? "")")
        }
    }

    public static func == (lhs: RecordedPricing, rhs: RecordedPricing) -> Bool { lhs.key == rhs.key && lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Decimals written alike whatever their trailing zeros ("5.000000", "5.00", "5").
enum ShopDecimalText {
    static func normal(_ text: String?) -> String {
        guard let text, let value = Double(text) else { return "0" }
        return String(format: "%.6f", value)
    }
}
