extension ShopDecimal {
    /// This amount plus `percent` per cent of it, rounded half away from zero to the
    /// millionth. Computed on whole millionths in 128 bits, so 16.510000 at 20.000 % is
    /// exactly 19.812000 (a Double would drift), and no price overflows.
    public func addingTax(percent: ShopDecimal) -> ShopDecimal {
        let factor = 100 * ShopDecimal.scale + percent.millionths          // (100 + rate), in millionths
        let divisor = 100 * ShopDecimal.scale
        let product = millionths.multipliedFullWidth(by: factor)
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        let rounded = abs(remainder) * 2 >= divisor ? quotient + (millionths < 0 ? -1 : 1) : quotient
        return ShopDecimal(millionths: rounded)
    }
}
