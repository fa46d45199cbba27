/// Which of a customer's discounts applies to a product (the issue: "a discount without a
/// product covers that supplier's whole price list for that customer, a product discount
/// overrides it").
public enum DiscountResolution {
    /// The discount that applies to `productID` of `supplierID` sold to `customerID`, or nil for
    /// none. A discount naming the product wins over the supplier-wide one (product nil); other
    /// suppliers', customers' and products' discounts never apply. Where two discounts are
    /// equally specific (the agent typed one, the company synced another), the synced one wins —
    /// the company's data is authoritative — and then the most recently stored (highest id).
    public static func applicable(
        in discounts: some Sequence<Discount>, supplierID: Int64, customerID: Int64, productID: Int64?
    ) -> Discount? {
        var best: Discount?
        for discount in discounts where discount.supplierID == supplierID && discount.customerID == customerID {
            guard discount.productID == nil || discount.productID == productID else { continue }
            if let current = best, rank(current) >= rank(discount) { continue }
            best = discount
        }
        return best
    }

    /// Specificity first, then the company's data, then the newest row.
    private static func rank(_ discount: Discount) -> (Int, Int, Int64) {
        (discount.productID == nil ? 0 : 1, discount.origin.isReadOnly ? 1 : 0, discount.id ?? Int64.min)
    }
}
