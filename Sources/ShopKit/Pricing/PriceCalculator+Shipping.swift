/// Shipping as PrestaShop 8.1's `Cart::getPackageShippingCost` computes it.
extension PriceCalculator {
    /// What the cart weighs and costs, for the carrier's ranges and the free-shipping limits.
    public struct ShippedCart: Sendable, Hashable {
        /// Products with tax, before vouchers: what price ranges compare with.
        public var productsTaxIncluded: Double
        /// Products with tax, after vouchers: what `PS_SHIPPING_FREE_PRICE` compares with.
        public var productsWithDiscounts: Double
        public var weight: Double
        /// Σ `additional_shipping_cost` × quantity.
        public var additionalShippingCost: Double

        public init(productsTaxIncluded: Double, productsWithDiscounts: Double, weight: Double, additionalShippingCost: Double = 0) {
            self.productsTaxIncluded = productsTaxIncluded
            self.productsWithDiscounts = productsWithDiscounts
            self.weight = weight
            self.additionalShippingCost = additionalShippingCost
        }
    }

    /// The carrier's price for this cart to this address, with and without tax (the thesis's
    /// `getShippingCostWithCarrierId:countryId:stateId:`). Throws when the carrier does not
    /// deliver to the address's zone.
    public func shipping(carrier carrierID: Int, countryID: Int, stateID: Int, cart: ShippedCart) throws(PricingError) -> TaxedAmount {
        guard let carrier = catalogue.carriers[carrierID], carrier.deleted != true else { throw .unknownCarrier(carrierID) }
        let zone = try zone(countryID: countryID, stateID: stateID)
        if carrier.isFree == true { return .zero }
        let settings = catalogue.settings
        let byWeight = (carrier.shippingMethod ?? 1) != 2
        let rates = deliveries(carrier: carrierID, zone: zone, byWeight: byWeight)
        guard let highest = rates.max(by: { $0.range.upTo < $1.range.upTo }) else { throw .carrierDoesNotServeZone(carrier: carrierID, zone: zone) }
        let measured = byWeight ? cart.weight : cart.productsTaxIncluded
        let inRange = rates.filter { $0.range.from.double <= measured && measured < $0.range.upTo.double }.min { $0.range.from < $1.range.from }
        if carrier.rangeBehavior == true, inRange == nil { throw .carrierOutOfRange(carrier: carrierID, zone: zone) }
        if settings.freeShippingPrice > 0, cart.productsWithDiscounts >= settings.freeShippingPrice { return .zero }
        if settings.freeShippingWeight > 0, cart.weight >= settings.freeShippingWeight { return .zero }
        var cost = (inRange ?? highest).price
        if carrier.shippingHandling == true { cost += settings.shippingHandling }
        cost += cart.additionalShippingCost
        let tax = taxes(group: carrier.taxRulesGroupID ?? 0, countryID: countryID, stateID: stateID)
        let precision = settings.precision
        return TaxedAmount(
            taxExcluded: settings.roundMode.round(cost, places: precision),
            taxIncluded: settings.roundMode.round(cost * (1 + tax.totalRate / 100), places: precision))
    }

    /// The carriers that deliver to the address, cheapest first (ties by id), with their price for
    /// this cart: free carriers are taken to serve every zone, since the zones a carrier serves
    /// are not in the webservice.
    public func carriers(countryID: Int, stateID: Int, cart: ShippedCart) -> [(carrierID: Int, price: TaxedAmount)] {
        catalogue.carriers.values
            .filter { $0.active != false && $0.deleted != true }
            .compactMap { carrier -> (Int, TaxedAmount)? in
                guard let id = carrier.id, let price = try? shipping(carrier: id, countryID: countryID, stateID: stateID, cart: cart) else { return nil }
                return (id, price)
            }
            .sorted { ($0.1.taxIncluded, $0.0) < ($1.1.taxIncluded, $1.0) }
            .map { (carrierID: $0.0, price: $0.1) }
    }

    private func deliveries(carrier: Int, zone: Int, byWeight: Bool) -> [(range: ShippingRange, price: Double)] {
        catalogue.deliveries.compactMap { delivery in
            guard delivery.carrierID == carrier, delivery.zoneID == zone else { return nil }
            let range = byWeight
                ? catalogue.weightRanges[delivery.weightRangeID ?? 0]
                : catalogue.priceRanges[delivery.priceRangeID ?? 0]
            guard let range else { return nil }
            return (range, delivery.price?.double ?? 0)
        }
    }
}
