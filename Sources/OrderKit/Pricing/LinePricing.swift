import Amounts

extension OrderLine {
    /// Unit price × quantity, before any discount, rounded half up to the cent (a price list's
    /// price may have up to six decimals).
    public func grossTotal() throws(PricingError) -> Money {
        guard quantity >= 0 else { throw .negativeQuantity(quantity) }
        guard let gross = unitPrice.total(quantity: quantity) else { throw .amountTooLarge }
        return gross
    }

    /// The line total: unit price × quantity × Π(1 − pᵢ/100), rounded once, half up, to the cent.
    ///
    /// Rounded once per line, never per level nor per unit: each rounding moves the amount by
    /// up to half a cent, and rounding the unit price multiplies that error by the quantity
    /// (€0.99 × 100 at 10+5+2 is €82.95; rounding the net unit price first gives €0.83 × 100 =
    /// €83.00, rounding after each level €82.96). The line total is what the document prints,
    /// so the order's net is the sum of the printed line totals.
    public func total() throws(PricingError) -> Money {
        try DiscountCascade.validate(discountLevels)
        guard quantity >= 0 else { throw .negativeQuantity(quantity) }
        guard let net = unitPrice.total(quantity: quantity, factor: DiscountCascade.factor(discountLevels)) else { throw .amountTooLarge }
        return net
    }
}
