/// A cart to price: its lines, where it goes, how, for which group and with which vouchers.
public struct CartQuoteRequest: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var productID: Int
        public var combinationID: Int
        public var quantity: Int

        public init(productID: Int, combinationID: Int = 0, quantity: Int) {
            self.productID = productID
            self.combinationID = combinationID
            self.quantity = quantity
        }
    }

    public var lines: [Line]
    public var countryID: Int
    public var stateID: Int
    /// 0 before a carrier is chosen: the quote has no shipping.
    public var carrierID: Int
    public var groupID: Int
    public var customerID: Int
    public var cartRules: [CartRule]
    public var currencyID: Int
    /// The payment module's fee (cash on delivery in 1.5's module), tax included; 0 in 8.1,
    /// whose `ps_cashondelivery` has none.
    public var paymentFee: Double

    public init(
        lines: [Line], countryID: Int, stateID: Int = 0, carrierID: Int, groupID: Int, customerID: Int = 0, cartRules: [CartRule] = [],
        currencyID: Int = 1, paymentFee: Double = 0
    ) {
        self.lines = lines
        self.countryID = countryID
        self.stateID = stateID
        self.carrierID = carrierID
        self.groupID = groupID
        self.customerID = customerID
        self.cartRules = cartRules
        self.currencyID = currencyID
        self.paymentFee = paymentFee
    }
}

/// An amount with and without tax.
public struct TaxedAmount: Sendable, Hashable {
    public var taxExcluded: Double
    public var taxIncluded: Double

    public init(taxExcluded: Double, taxIncluded: Double) {
        self.taxExcluded = taxExcluded
        self.taxIncluded = taxIncluded
    }

    public static let zero = TaxedAmount(taxExcluded: 0, taxIncluded: 0)

    static func + (lhs: TaxedAmount, rhs: TaxedAmount) -> TaxedAmount {
        TaxedAmount(taxExcluded: lhs.taxExcluded + rhs.taxExcluded, taxIncluded: lhs.taxIncluded + rhs.taxIncluded)
    }

    static func - (lhs: TaxedAmount, rhs: TaxedAmount) -> TaxedAmount {
        TaxedAmount(taxExcluded: lhs.taxExcluded - rhs.taxExcluded, taxIncluded: lhs.taxIncluded - rhs.taxIncluded)
    }
}

/// A cart's totals as PrestaShop stores them on the order (`total_products`,
/// `total_shipping_tax_incl`, …), rounded to the currency's precision, and each line.
public struct CartQuote: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var productID: Int
        public var combinationID: Int
        public var quantity: Int
        /// At 6 decimals, as `order_details.unit_price_tax_excl` stores it.
        public var unitPrice: TaxedAmount
        /// Rounded as `PS_ROUND_TYPE` says (not rounded for `total`).
        public var total: TaxedAmount
        /// Whether a specific price reduced it (vouchers that exclude specials skip it).
        public var hasSpecialPrice: Bool
    }

    public var lines: [Line]
    public var products: TaxedAmount
    public var shipping: TaxedAmount
    public var discounts: TaxedAmount
    public var paymentFee: Double
    public var paid: TaxedAmount
    /// The vouchers applied, in the order they were applied.
    public var appliedCartRuleIDs: [Int]
    /// The vouchers not applied, with why (expired, minimum not reached…).
    public var refusedCartRules: [(id: Int, reason: String)]

    public static func == (lhs: CartQuote, rhs: CartQuote) -> Bool {
        lhs.lines == rhs.lines && lhs.products == rhs.products && lhs.shipping == rhs.shipping && lhs.discounts == rhs.discounts
            && lhs.paid == rhs.paid && lhs.appliedCartRuleIDs == rhs.appliedCartRuleIDs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(paid)
        hasher.combine(lines)
    }
}
