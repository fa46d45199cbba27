/// Prices computed the shop's way: reads what PrestaShop's rules need for a cart (products,
/// combinations, specific prices, the group, tax rules, the address's country and state,
/// carriers with their ranges, the configuration) in one request per resource, then prices
/// it locally with ``CartCalculator``.
public struct ShopPrices: Sendable {
    let connection: ShopConnection

    /// The cart's totals as the shop would store them on its order.
    public func quote(_ request: CartQuoteRequest, now: ShopDateTime = .now()) async throws(ShopError) -> CartQuote {
        let catalogue = try await catalogue(
            productIDs: request.lines.map(\.productID), groupID: request.groupID, countryID: request.countryID, stateID: request.stateID,
            carrierIDs: [request.carrierID], currencyID: request.currencyID)
        do throws(PricingError) {
            return try CartCalculator(catalogue: catalogue).quote(request, now: now)
        } catch {
            throw .invalidArgument(error.description)
        }
    }

    /// What pricing these products needs, for one address and group; `carrierIDs` nil reads
    /// every active carrier.
    public func catalogue(productIDs: [Int], groupID: Int, countryID: Int, stateID: Int, carrierIDs: [Int]?, currencyID: Int = 1)
        async throws(ShopError) -> PricingCatalogue
    {
        var catalogue = PricingCatalogue()
        let products = Array(Set(productIDs)).sorted()
        let information = ShopInformation(connection: connection)
        let configuration = try await information.configurationValues(PricingSettings.configurationKeys)
        let currency = try? await connection.get(Currency.self, id: currencyID)
        catalogue.settings = PricingSettings(configuration: configuration, currencyPrecision: currency?.precision)
        if !products.isEmpty {
            for product in try await list(Product.self, "id", products) { catalogue.products[product.id ?? 0] = product }
            for combination in try await list(Combination.self, "id_product", products) { catalogue.combinations[combination.id ?? 0] = combination }
            catalogue.specificPrices = try await list(SpecificPrice.self, "id_product", [0] + products)
        }
        if groupID != 0, let group = try? await connection.get(CustomerGroup.self, id: groupID) { catalogue.groups[groupID] = group }
        // No country (a shop that does not say its default one): prices without tax.
        if countryID != 0 { catalogue.countries[countryID] = try await connection.get(Country.self, id: countryID) }
        if stateID != 0 { catalogue.states[stateID] = try await connection.get(State.self, id: stateID) }
        let carriers: [Carrier]
        if let carrierIDs {
            carriers = carrierIDs.isEmpty ? [] : try await list(Carrier.self, "id", carrierIDs)
        } else {
            carriers = try await ShopCheckout(connection: connection, voucherWrites: CartWriteQueue()).carriers()
        }
        for carrier in carriers { catalogue.carriers[carrier.id ?? 0] = carrier }
        let carrierIDs = carriers.compactMap(\.id)
        if !carrierIDs.isEmpty {
            catalogue.deliveries = try await list(Delivery.self, "id_carrier", carrierIDs)
            for range in try await list(PriceRange.self, "id_carrier", carrierIDs).compactMap(\.range) { catalogue.priceRanges[range.id] = range }
            for range in try await list(WeightRange.self, "id_carrier", carrierIDs).compactMap(\.range) { catalogue.weightRanges[range.id] = range }
        }
        let taxGroups = Set(catalogue.products.values.compactMap(\.taxRulesGroupID) + carriers.compactMap(\.taxRulesGroupID)).subtracting([0]).sorted()
        if !taxGroups.isEmpty, countryID != 0 {
            let request = try ShopConnection.build { () throws(WebserviceRequestError) in
                try WebserviceRequest.list("tax_rules").display(.full)
                    .filter("id_tax_rules_group", .anyOf(taxGroups.map(String.init))).filter("id_country", .equals(String(countryID)))
            }
            catalogue.taxRules = try await connection.all(TaxRule.self, request)
            let taxIDs = Set(catalogue.taxRules.compactMap(\.taxID)).sorted()
            if !taxIDs.isEmpty {
                for tax in try await list(Tax.self, "id", taxIDs) { catalogue.taxes[tax.id ?? 0] = tax }
            }
        }
        return catalogue
    }

    func list<Model: ResourceModel>(_ type: Model.Type, _ field: String, _ values: [Int]) async throws(ShopError) -> [Model] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list(Model.resource).display(.full).filter(field, .anyOf(values.map(String.init)))
        }
        return try await connection.all(Model.self, request)
    }
}
