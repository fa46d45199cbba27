import Foundation

extension Money {
    /// The amount times `factor`, rounded once, half up, to the cent: a cascaded discount's
    /// line total (`price × quantity × 0.8379` for 10+5+2 %) or any other proportion.
    ///
    /// Half up means a result exactly halfway between two cents goes to the larger one (€0.125
    /// → €0.13), the rule Italian invoices use; amounts are never negative, so this is also
    /// "half away from zero". The product is computed in `Decimal` (38 significant digits) and
    /// rounded only at the end: exact for every amount times a factor of up to 25 digits, which
    /// covers three cascaded percentages with two decimals each (12 decimals).
    ///
    /// Nil for a negative or NaN factor, or a result above `maximum`.
    public func multiplied(by factor: Decimal) -> Money? {
        guard !factor.isNaN, factor >= 0 else { return nil }
        var exact = Decimal(cents) * factor
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 0, .plain)
        guard !rounded.isNaN, rounded <= Decimal(Self.maximum.cents) else { return nil }
        // A whole Decimal's description is plain digits ("581"), never an exponent.
        guard let cents = Int(rounded.description) else { return nil }
        return Money(cents: cents)
    }
}
