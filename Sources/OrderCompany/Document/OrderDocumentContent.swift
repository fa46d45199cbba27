import OrderKit
import Amounts
import Foundation

/// Everything printed on an order document, already decided: names, lines, amounts and terms.
///
/// A plain value with no lookups, so the company server can render an order it received and the
/// agent's side one it stored, and tests can render any content they like. Amounts are `Money`
/// computed by the pricing rules; this type only carries them (it never recomputes a total).
public struct OrderDocumentContent: Sendable, Hashable {
    /// One of the three parties printed at the top: a name and lines under it.
    public struct Party: Sendable, Hashable {
        public var name: String
        /// Address, city, VAT number, phones, e-mail… one entry per printed line, empty ones skipped.
        public var details: [String]

        public init(name: String, details: [String] = []) {
            self.name = name
            self.details = details.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
    }

    /// One row of the table.
    public struct Line: Sendable, Hashable {
        public var code: String
        public var description: String
        public var quantity: Int
        public var unitPrice: UnitPrice
        /// As printed, e.g. "10+5+2 %" (see `OrderDocumentContent.discountText(_:)`); "" for none.
        public var discount: String
        public var total: Money
        /// The agent changed the price list's price, or its discount: printed with a `*` and
        /// explained under the totals.
        public var isPriceOverridden: Bool
        public var isDiscountOverridden: Bool
        /// The product's VAT rate, printed in the "IVA" column and summed by rate under the lines.
        public var vatRate: VATRate

        public init(
            code: String, description: String, quantity: Int, unitPrice: UnitPrice, discount: String = "", total: Money,
            isPriceOverridden: Bool = false, isDiscountOverridden: Bool = false, vatRate: VATRate = .standard
        ) {
            self.code = code
            self.description = description
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.discount = discount
            self.total = total
            self.isPriceOverridden = isPriceOverridden
            self.isDiscountOverridden = isDiscountOverridden
            self.vatRate = vatRate
        }

        /// A line whose price is whole cents.
        public init(
            code: String, description: String, quantity: Int, unitPrice: Money, discount: String = "", total: Money,
            isPriceOverridden: Bool = false, isDiscountOverridden: Bool = false, vatRate: VATRate = .standard
        ) {
            self.init(
                code: code, description: description, quantity: quantity, unitPrice: UnitPrice(unitPrice), discount: discount, total: total,
                isPriceOverridden: isPriceOverridden, isDiscountOverridden: isDiscountOverridden, vatRate: vatRate)
        }

        /// The line of an order: a free-text line says so after its description.
        public init(_ line: OrderLine) throws(PricingError) {
            self.init(
                code: line.productCode, description: line.isFreeText ? line.description + Self.freeTextMark : line.description,
                quantity: line.quantity, unitPrice: line.unitPrice, discount: OrderDocumentContent.discountText(line.discountLevels),
                total: try line.total(), isPriceOverridden: line.isPriceOverridden, isDiscountOverridden: line.isDiscountOverridden,
                vatRate: line.vatRate)
        }

        /// After a free-text line's description: "not in the price list".
        public static let freeTextMark = " (fuori listino)"
        /// Under the totals when a line carries a `*`.
        public static let overrideNote = "* prezzo o sconto modificato dall'agente rispetto al listino"
    }

    /// The thesis's commercial terms, printed under the totals when not empty.
    public struct Terms: Sendable, Hashable {
        public var delivery: String
        public var payment: String
        public var bank: String
        public var packing: String
        public var deliveryTerms: String
        public var notes: String

        public init(delivery: String = "", payment: String = "", bank: String = "", packing: String = "", deliveryTerms: String = "", notes: String = "") {
            self.delivery = delivery
            self.payment = payment
            self.bank = bank
            self.packing = packing
            self.deliveryTerms = deliveryTerms
            self.notes = notes
        }
    }

    public var companyName: String
    public var orderNumber: String
    public var date: Date
    /// The zone the date is printed in (the day of an order taken at 23:30 in Rome is that day).
    public var timeZone: TimeZone
    public var agent: Party
    public var customer: Party
    public var supplier: Party
    public var lines: [Line]
    /// Σ unit price × quantity.
    public var grossTotal: Money
    /// What the discounts took off.
    public var discountTotal: Money
    /// Σ line totals: the taxable amount, before VAT.
    public var netTotal: Money
    /// The taxable amount, the VAT of each rate and the total with VAT, printed under the lines;
    /// nil only when the lines' totals overflow `Money` (the VAT rows are then left out).
    public var vatSummary: VATSummary?
    public var terms: Terms
    /// The company's logo as PNG bytes, drawn at the top left of the first page; bytes that are
    /// not a readable PNG are left out, never an error.
    public var logo: [UInt8]?

    /// - Parameter vatSummary: by default computed from `lines` (each line's total at its rate).
    public init(
        companyName: String, orderNumber: String, date: Date, timeZone: TimeZone = OrderDocumentContent.italianTimeZone,
        agent: Party, customer: Party, supplier: Party, lines: [Line], grossTotal: Money, discountTotal: Money, netTotal: Money,
        vatSummary: VATSummary? = nil, terms: Terms = Terms(), logo: [UInt8]? = nil
    ) {
        self.companyName = companyName
        self.orderNumber = orderNumber
        self.date = date
        self.timeZone = timeZone
        self.agent = agent
        self.customer = customer
        self.supplier = supplier
        self.lines = lines
        self.grossTotal = grossTotal
        self.discountTotal = discountTotal
        self.netTotal = netTotal
        self.vatSummary = vatSummary ?? VATSummary(lines: lines.map { ($0.total, $0.vatRate) })
        self.terms = terms
        self.logo = logo
    }

    /// Europe/Rome, or UTC on a system without time zone data.
    public static let italianTimeZone = TimeZone(identifier: "Europe/Rome") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// "10+5+2 %" for cascaded levels 10, 5, 2; "2,5 %" for 2.5 (Italian decimal comma); "" for none.
    public static func discountText(_ levels: [Decimal]) -> String {
        guard !levels.isEmpty else { return "" }
        return levels.map { "\($0)".replacingOccurrences(of: ".", with: ",") }.joined(separator: "+") + " %"
    }

    /// The order date as printed: "05/03/2025" (day/month/year) in `timeZone`.
    public var dateText: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return two(parts.day) + "/" + two(parts.month) + "/" + String(parts.year ?? 0)
    }
}

extension OrderDocumentContent.Party {
    /// The agent as printed: name, then address, city, phones and e-mail.
    public init(agent: Agent) {
        self.init(name: agent.name, details: [
            agent.address, agent.city, Self.labelled("Tel.", agent.phone), Self.labelled("Cell.", agent.mobile),
            Self.labelled("Fax", agent.fax), agent.email,
        ])
    }

    /// The customer as printed: company name, contact, address, postcode, city and province,
    /// VAT number and tax code, phones and e-mail.
    public init(customer: Customer) {
        let place = [customer.postcode, customer.city].filter { !$0.isEmpty }.joined(separator: " ")
            + (customer.province.isEmpty ? "" : " (\(customer.province))")
        self.init(name: customer.companyName, details: [
            Self.labelled("Att.", customer.contact), customer.address, place, Self.labelled("P. IVA", customer.vatNumber),
            Self.labelled("C.F.", customer.taxCode), Self.labelled("Tel.", customer.phone), Self.labelled("Cell.", customer.mobile),
            Self.labelled("Fax", customer.fax), customer.email,
        ])
    }

    /// The supplier as printed: name, contact, address, city, phones and e-mail.
    public init(supplier: Supplier) {
        self.init(name: supplier.name, details: [
            Self.labelled("Att.", supplier.contact), supplier.address, supplier.city, Self.labelled("Tel.", supplier.phone),
            Self.labelled("Cell.", supplier.mobile), Self.labelled("Fax", supplier.fax), supplier.email,
        ])
    }

    private static func labelled(_ label: String, _ value: String) -> String {
        value.trimmingCharacters(in: .whitespaces).isEmpty ? "" : label + " " + value
    }
}

extension OrderDocumentContent.Line {
    /// A stored order line as printed, with the line total the pricing rules computed for it.
    public init(_ line: OrderLine, total: Money) {
        self.init(
            code: line.productCode, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice,
            discount: OrderDocumentContent.discountText(line.discountLevels), total: total, vatRate: line.vatRate)
    }
}
