import ShopKit
import Testing

/// PrestaShop's rounding and cart rules on small hand-made catalogues, each expected figure
/// worked out by hand from the rule it checks.
struct PricingRulesTests {
    @Test("PHP's rounding: pre-rounded to 15 digits, in every PS_PRICE_ROUND_MODE")
    func rounding() {
        #expect(PriceRoundingMode.halfUp.round(1.005, places: 2) == 1.01)  // 1.00499999… as a double
        #expect(PriceRoundingMode.halfUp.round(-1.005, places: 2) == -1.01)
        #expect(PriceRoundingMode.halfUp.round(47.214, places: 2) == 47.21)
        #expect(PriceRoundingMode.halfEven.round(2.5, places: 0) == 2)
        #expect(PriceRoundingMode.halfEven.round(3.5, places: 0) == 4)
        #expect(PriceRoundingMode.halfDown.round(2.5, places: 0) == 2)
        #expect(PriceRoundingMode.halfOdd.round(2.5, places: 0) == 3)
        #expect(PriceRoundingMode.up.round(1.231, places: 2) == 1.24)
        #expect(PriceRoundingMode.up.round(1.23, places: 2) == 1.23)
        #expect(PriceRoundingMode.down.round(1.239, places: 2) == 1.23)
    }

    /// Product 1 at 10.00 taxed 20 %, product 2 at 30.00 untaxed; carrier 1 by price in zone 1
    /// (5.00 under 50, 2.00 from 50), carrier 2 free, carrier 3 only in zone 2; country 1 in zone 1.
    static func catalogue() -> PricingCatalogue {
        var catalogue = PricingCatalogue()
        catalogue.products[1] = product(1, price: "10", taxGroup: 1)
        catalogue.products[2] = product(2, price: "30", taxGroup: 0)
        var tax = Tax()
        tax.id = 1
        tax.rate = ShopDecimal("20")
        catalogue.taxes[1] = tax
        var rule = TaxRule()
        rule.id = 1
        rule.taxRulesGroupID = 1
        rule.countryID = 1
        rule.stateID = 0
        rule.taxID = 1
        rule.behavior = 0
        catalogue.taxRules = [rule]
        var country = Country()
        country.id = 1
        country.zoneID = 1
        catalogue.countries[1] = country
        catalogue.carriers[1] = carrier(1, byPrice: true, free: false)
        catalogue.carriers[2] = carrier(2, byPrice: false, free: true)
        catalogue.carriers[3] = carrier(3, byPrice: false, free: false)
        catalogue.priceRanges[1] = ShippingRange(id: 1, carrierID: 1, from: ShopDecimal(0), upTo: ShopDecimal(50))
        catalogue.priceRanges[2] = ShippingRange(id: 2, carrierID: 1, from: ShopDecimal(50), upTo: ShopDecimal(1000))
        catalogue.weightRanges[3] = ShippingRange(id: 3, carrierID: 3, from: ShopDecimal(0), upTo: ShopDecimal(1000))
        catalogue.deliveries = [delivery(1, carrier: 1, zone: 1, price: "5", priceRange: 1), delivery(2, carrier: 1, zone: 1, price: "2", priceRange: 2),
                                delivery(3, carrier: 3, zone: 2, price: "9", weightRange: 3)]
        return catalogue
    }

    static func product(_ id: Int, price: String, taxGroup: Int) -> Product {
        var product = Product()
        product.id = id
        product.price = ShopDecimal(price)
        product.taxRulesGroupID = taxGroup
        return product
    }

    static func carrier(_ id: Int, byPrice: Bool, free: Bool) -> Carrier {
        var carrier = Carrier()
        carrier.id = id
        carrier.isFree = free
        carrier.shippingMethod = byPrice ? 2 : 1
        carrier.taxRulesGroupID = 0
        carrier.active = true
        return carrier
    }

    static func delivery(_ id: Int, carrier: Int, zone: Int, price: String, priceRange: Int = 0, weightRange: Int = 0) -> Delivery {
        var delivery = Delivery()
        delivery.id = id
        delivery.carrierID = carrier
        delivery.zoneID = zone
        delivery.price = ShopDecimal(price)
        delivery.priceRangeID = priceRange
        delivery.weightRangeID = weightRange
        return delivery
    }

    static let now = ShopDateTime("2026-06-01 12:00:00")!

    static func request(_ rules: [CartRule] = [], carrier: Int = 1, quantity1: Int = 1) -> CartQuoteRequest {
        CartQuoteRequest(lines: [.init(productID: 1, quantity: quantity1), .init(productID: 2, quantity: 1)], countryID: 1, carrierID: carrier, groupID: 3, cartRules: rules)
    }

    static func voucher(_ id: Int, configure: (inout CartRule) -> Void) -> CartRule {
        var rule = CartRule()
        rule.id = id
        rule.active = true
        rule.quantity = 10
        configure(&rule)
        return rule
    }

    @Test("a price range picks its band, and lines are 12.00 + 30.00 with tax")
    func priceRangeShipping() throws {
        let quote = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request(), now: Self.now)
        #expect(quote.products == TaxedAmount(taxExcluded: 40, taxIncluded: 42))
        #expect(quote.shipping.taxIncluded == 5)  // 42.00 with tax lies in [0, 50)
        let bigger = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request(quantity1: 2), now: Self.now)
        #expect(bigger.shipping.taxIncluded == 2)  // 24 + 30 = 54.00 lies in [50, 1000)
        #expect(bigger.paid.taxIncluded == 56)
    }

    @Test("a percentage voucher takes its share of every line")
    func percentVoucher() throws {
        let rule = Self.voucher(1) { $0.reductionPercent = ShopDecimal("10") }
        let quote = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request([rule]), now: Self.now)
        #expect(quote.discounts == TaxedAmount(taxExcluded: 4, taxIncluded: 4.2))
        // Free shipping from PS_SHIPPING_FREE_PRICE is judged after vouchers; none here.
        #expect(quote.paid.taxIncluded == 42 - 4.2 + 5)
    }

    @Test("an amount without tax is spread over the lines by their weight, each with its own tax")
    func amountVoucher() throws {
        let rule = Self.voucher(1) {
            $0.reductionAmount = ShopDecimal("10")
            $0.reductionTax = false
        }
        let quote = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request([rule]), now: Self.now)
        // Line 1 is 10/40 of the cart: 2.50 excl. → 3.00 incl. at 20 %; line 2 takes 7.50 untaxed.
        #expect(quote.discounts == TaxedAmount(taxExcluded: 10, taxIncluded: 10.5))
    }

    @Test("free shipping, a minimum not reached, an expired voucher")
    func voucherConditions() throws {
        let free = Self.voucher(1) { $0.freeShipping = true }
        let quote = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request([free]), now: Self.now)
        #expect(quote.discounts.taxIncluded == 5)
        #expect(quote.paid.taxIncluded == 42)
        let minimum = Self.voucher(2) {
            $0.reductionAmount = ShopDecimal("5")
            $0.minimumAmount = ShopDecimal("100")
            $0.minimumAmountTax = true
        }
        let expired = Self.voucher(3) {
            $0.reductionPercent = ShopDecimal("50")
            $0.dateTo = ShopDateTime("2026-05-31 23:59:59")
        }
        let refused = try CartCalculator(catalogue: Self.catalogue()).quote(Self.request([minimum, expired]), now: Self.now)
        #expect(refused.discounts == .zero)
        #expect(refused.refusedCartRules.map(\.id) == [2, 3])
        #expect(refused.refusedCartRules[1].reason.contains("expired"))
    }

    @Test("PS_SHIPPING_FREE_PRICE, a free carrier, and a carrier that does not serve the zone")
    func freeShippingAndZones() throws {
        var catalogue = Self.catalogue()
        catalogue.settings.freeShippingPrice = 40
        #expect(try CartCalculator(catalogue: catalogue).quote(Self.request(), now: Self.now).shipping == .zero)
        let tenPercent = Self.voucher(1) { $0.reductionPercent = ShopDecimal("10") }
        // 42.00 − 4.20 = 37.80 is under 40: shipping is charged again.
        #expect(try CartCalculator(catalogue: catalogue).quote(Self.request([tenPercent]), now: Self.now).shipping.taxIncluded == 5)
        #expect(try CartCalculator(catalogue: Self.catalogue()).quote(Self.request(carrier: 2), now: Self.now).shipping == .zero)
        #expect(throws: PricingError.carrierDoesNotServeZone(carrier: 3, zone: 1)) {
            try CartCalculator(catalogue: Self.catalogue()).quote(Self.request(carrier: 3), now: Self.now)
        }
        let offered = PriceCalculator(catalogue: Self.catalogue()).carriers(
            countryID: 1, stateID: 0, cart: .init(productsTaxIncluded: 42, productsWithDiscounts: 42, weight: 0))
        #expect(offered.map(\.carrierID) == [2, 1])
    }

    @Test("a dated specific price counts only within its dates; a group's reduction applies after it")
    func datedSpecificPriceAndGroup() throws {
        var catalogue = Self.catalogue()
        var special = SpecificPrice()
        special.id = 1
        special.productID = 2
        special.productAttributeID = 0
        special.price = ShopDecimal("-1")
        special.fromQuantity = 1
        special.reduction = ShopDecimal("0.5")
        special.reductionType = "percentage"
        special.from = ShopDateTime("2026-06-01 00:00:00")
        special.to = ShopDateTime("2026-06-30 23:59:59")
        catalogue.specificPrices = [special]
        var wholesale = CustomerGroup()
        wholesale.id = 4
        wholesale.reduction = ShopDecimal("10")
        catalogue.groups[4] = wholesale
        let prices = PriceCalculator(catalogue: catalogue)
        let june = PriceContext(countryID: 1, groupID: 3, now: Self.now)
        #expect(try prices.unitPrice(product: 2, combination: 0, context: june) == 15)
        let july = PriceContext(countryID: 1, groupID: 3, now: ShopDateTime("2026-07-01 00:00:00")!)
        #expect(try prices.unitPrice(product: 2, combination: 0, context: july) == 30)
        let wholesaleJune = PriceContext(countryID: 1, groupID: 4, now: Self.now)
        #expect(try prices.unitPrice(product: 2, combination: 0, context: wholesaleJune) == 13.5)
    }
}
