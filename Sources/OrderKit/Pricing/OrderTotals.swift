import Amounts

/// An order's three totals: before discounts, the discounts, and what the customer pays
/// (before VAT, which the thesis's orders do not carry).
public struct OrderTotals: Sendable, Hashable, Codable {
    /// Σ unit price × quantity.
    public var gross: Money
    /// gross − net: the sum of what each line's discount took off, after rounding.
    public var discount: Money
    /// Σ line totals, each already rounded to the cent (`OrderLine.total()`), so it matches the
    /// sum of the lines the document prints.
    public var net: Money

    public static let zero = OrderTotals(gross: .zero, discount: .zero, net: .zero)

    public init(gross: Money, discount: Money, net: Money) {
        self.gross = gross
        self.discount = discount
        self.net = net
    }

    /// The totals of `lines`; an error names the first line (1-based) that cannot be priced.
    public init(lines: [OrderLine]) throws(PricingError) {
        var gross = 0
        var net = 0
        for (index, line) in lines.enumerated() {
            do throws(PricingError) {
                gross += try line.grossTotal().cents
                net += try line.total().cents
            } catch {
                throw .onLine(index + 1, error)
            }
            // Each line is at most Money.maximum, so the sums cannot overflow before this check.
            guard gross <= Money.maximum.cents else { throw .amountTooLarge }
        }
        guard let grossMoney = Money(cents: gross), let netMoney = Money(cents: net),
              let discountMoney = Money(cents: gross - net) else { throw .amountTooLarge }
        self.init(gross: grossMoney, discount: discountMoney, net: netMoney)
    }
}

extension Order {
    /// The order's totals (`OrderTotals(lines:)`).
    public func totals() throws(PricingError) -> OrderTotals {
        try OrderTotals(lines: lines)
    }
}

extension Order {
    /// The order's taxable amount, VAT by rate and total (`VATSummary`).
    public func vatSummary() throws(PricingError) -> VATSummary {
        var taxed: [(total: Money, rate: VATRate)] = []
        for (index, line) in lines.enumerated() {
            do throws(PricingError) { taxed.append((try line.total(), line.vatRate)) } catch { throw .onLine(index + 1, error) }
        }
        guard let summary = VATSummary(lines: taxed) else { throw .amountTooLarge }
        return summary
    }
}
