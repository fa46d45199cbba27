import Markup

/// The totals PrestaShop itself computed for a cart like this one, if the recorded shop ever
/// priced one: the orders the recording placed (`flows/order`, 8 to 11) and the carts priced
/// apart (``ReplayArchive/pricedCarts``).
extension ShopEmulator {
    mutating func recordedPricing(for key: RecordedPricing.Key) -> RecordedPricing? {
        if let found = archive.pricedCarts.first(where: { $0.key == key }) { return found }
        return recordedOrderPricings().first { $0.key == key }
    }

    /// The orders the recording's own POSTs made, each as the cart it was made of and the
    /// totals the shop stored. The demo's orders 1 to 7 are left out: made before the
    /// recording's `setup/` changed prices, they are not this configuration's computation.
    private mutating func recordedOrderPricings() -> [RecordedPricing] {
        let placed = archive.recordedWrites.filter { $0.method == "POST" && $0.path == "orders" }.compactMap { write -> Int? in
            guard let body = write.body, let document = try? MarkupDocument.xml(body), let node = try? document.first("/prestashop/order/id") else { return nil }
            return Int(node.text)
        }
        let orders = load("orders").records
        let carts = load("carts").records
        let addresses = load("addresses").records
        let customers = load("customers").records
        return placed.compactMap { id -> RecordedPricing? in
            guard let order = orders[id], let cartID = order.child("id_cart").flatMap({ Int($0.text) }), let cart = carts[cartID] else { return nil }
            let int = { (element: ReplayElement?, name: String) in element?.child(name).flatMap { Int($0.text) } ?? 0 }
            let address = addresses[int(order, "id_address_delivery")]
            let lines = (cart.child("associations")?.child("cart_rows")?.children ?? []).map { row in
                (product: int(row, "id_product"), combination: int(row, "id_product_attribute"), quantity: int(row, "quantity"))
            }
            let key = RecordedPricing.Key(
                lines: lines, countryID: int(address, "id_country"), stateID: int(address, "id_state"), carrierID: int(order, "id_carrier"),
                groupID: int(customers[int(order, "id_customer")], "id_default_group"))
            var totals: [String: String] = [:]
            for field in RecordedPricing.totalFields { totals[field] = order.child(field)?.text }
            guard totals.values.allSatisfy({ !$0.isEmpty }), totals.count == RecordedPricing.totalFields.count,
                (Double(totals["total_discounts_tax_incl"] ?? "") ?? 0) == 0
            else { return nil }
            return RecordedPricing(key: key, totals: totals, source: "recorded order \(id)")
        }
    }
}
