import Amounts

/// An order's taxable amount, VAT by rate and total, as an Italian order form prints them.
///
/// VAT is computed once per rate on the sum of that rate's line totals, then rounded half up to
/// the cent, as invoices do (never per line, which could differ by a cent per line).
public struct VATSummary: Sendable, Hashable, Codable {
    /// One rate's row: "Imponibile 22 %  100,00  IVA 22,00".
    public struct Row: Sendable, Hashable, Codable {
        public var rate: VATRate
        public var taxable: Money
        public var tax: Money
    }

    /// One row per rate present, the lowest rate first.
    public var rows: [Row]
    public var taxable: Money
    public var tax: Money
    /// taxable + tax: what the customer pays.
    public var total: Money

    /// The summary of lines given as (net line total, rate); nil past `Money.maximum`.
    public init?(lines: [(total: Money, rate: VATRate)]) {
        var byRate: [VATRate: Int] = [:]
        for line in lines { byRate[line.rate, default: 0] += line.total.cents }
        var rows: [Row] = []
        var taxable = 0, tax = 0
        for rate in byRate.keys.sorted() {
            guard let base = Money(cents: byRate[rate] ?? 0), let vat = rate.tax(on: base) else { return nil }
            rows.append(Row(rate: rate, taxable: base, tax: vat))
            taxable += base.cents
            tax += vat.cents
        }
        guard let taxableMoney = Money(cents: taxable), let taxMoney = Money(cents: tax),
              let totalMoney = Money(cents: taxable + tax) else { return nil }
        self.rows = rows
        self.taxable = taxableMoney
        self.tax = taxMoney
        self.total = totalMoney
    }
}
