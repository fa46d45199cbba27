import ShopKit
import WebCore

/// Stock from `stock_availables`, with the shop's `PS_ORDER_OUT_OF_STOCK` (ShopKit's rule).
extension Storefront {
    /// Why `quantity` cannot be ordered, or nil.
    func stockRefusal(productID: Int, combinationID: Int, quantity: Int) async throws -> String? {
        guard let available = try await run({ try await catalogue.orderableQuantity(productID: productID, combinationID: combinationID, quantity: quantity) })
        else { return nil }
        let what = "product \(productID)" + (combinationID == 0 ? "" : " (combination \(combinationID))")
        return available == 0
            ? "The shop has no \(what) in stock and does not take orders for it out of stock."
            : "The shop has only \(available) of \(what) in stock and does not take orders beyond its stock: lower the quantity to \(available) or less."
    }
}
