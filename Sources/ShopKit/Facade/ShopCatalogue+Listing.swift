import Foundation

/// Who a list's prices are for: the context a card's price is computed in.
public struct ListingPriceContext: Sendable, Hashable {
    public var groupID: Int
    /// The country whose tax the prices include; 0 for prices without tax.
    public var countryID: Int
    public var customerID: Int
    public var currencyID: Int
    /// The language names are sorted in.
    public var languageID: Int
    public var now: ShopDateTime

    public init(groupID: Int, countryID: Int, customerID: Int = 0, currencyID: Int = 1, languageID: Int = 1, now: ShopDateTime = .now()) {
        self.groupID = groupID
        self.countryID = countryID
        self.customerID = customerID
        self.currencyID = currencyID
        self.languageID = languageID
        self.now = now
    }
}

/// One page of a product list (a category's, a search's) with what its cards' prices need.
public struct ListingPage: Sendable {
    /// The page's active products, in the list's order.
    public let products: [Product]
    /// The ids the page should have shown that the shop did not return (deleted products, or
    /// records a replay lacks): skipped and named rather than ending the list.
    public let missingProductIDs: [Int]
    /// Everything ``PriceCalculator`` needs for the page's products (combination 0).
    public let pricing: PricingCatalogue
    public let page: Int
    public let paging: CataloguePaging
    public let order: CatalogueOrder
}

/// Product lists by the page, in a fixed number of requests whatever the page's size: the
/// products as one `display=full` list filtered by their ids (`filter[id]=[1|2|3]`), then their
/// specific prices as one list filtered the same way. The thesis's lazy list asked one product
/// at a time, then priced each in three more requests: 4 requests a card, one after another.
/// The rest a price needs (configuration, currency, group, country, tax rules) is the same for
/// every page and is read once through the sender's cache.
extension ShopCatalogue {
    /// Page `page` of the products `ids` names (in the shop's order), sorted by `order`.
    ///
    /// The category order reads only the page's products. Name and price orders read the whole
    /// list in the same one request, because the webservice cannot sort by a computed price,
    /// nor by a name in one language, and a page must come from the sorted whole.
    public func listingPage(
        ids: [Int], page: Int, pageSize: Int, order: CatalogueOrder, pricedFor context: ListingPriceContext
    ) async throws(ShopError) -> ListingPage {
        let listed = Self.unique(ids)
        let paging = CataloguePaging(total: listed.count, pageSize: pageSize)
        guard paging.contains(page: page) else {
            throw .invalidArgument("there is no page \(page): the list has \(paging.pageCount) page\(paging.pageCount == 1 ? "" : "s")")
        }
        let wanted = order.readsWholeList ? listed : Array(listed[paging.positions(ofPage: page)])
        let found = try await products(ids: wanted)
        let byID = Dictionary(found.compactMap { product in product.id.map { ($0, product) } }, uniquingKeysWith: { first, _ in first })
        let missing = wanted.filter { byID[$0] == nil }
        // A product the shop has switched off stays in the category but is not shown (as the
        // front office does); in the category order its page then holds fewer cards.
        let shown = wanted.compactMap { byID[$0] }.filter { $0.active != false }
        let prices = ShopPrices(connection: connection)
        let pricing = try await prices.listingCatalogue(products: shown, groupID: context.groupID, countryID: context.countryID, currencyID: context.currencyID)
        guard order.readsWholeList else {
            return ListingPage(products: shown, missingProductIDs: missing, pricing: pricing, page: page, paging: paging, order: order)
        }
        // Pages keep the list's count in every order (so page N exists whatever the order); the
        // products missing or switched off shorten the last pages instead.
        let sorted = Self.sorted(shown, by: order, pricing: pricing, context: context)
        let positions = paging.positions(ofPage: page).clamped(to: 0..<sorted.count)
        return ListingPage(products: Array(sorted[positions]), missingProductIDs: missing, pricing: pricing, page: page, paging: paging, order: order)
    }

    /// The products of these ids in one `display=full` request (`filter[id]=[1|2|3]`), in the
    /// shop's answer order; ids the shop does not have are simply absent.
    public func products(ids: [Int]) async throws(ShopError) -> [Product] {
        guard !ids.isEmpty else { return [] }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list(Product.resource).display(.full).filter("id", .anyOf(ids.map(String.init)))
        }
        return try await connection.all(Product.self, request)
    }

    /// Products in `order` (name or price), ties kept in the list's order. Names compare as a
    /// reader does (case and accents aside); prices are the card's final price.
    static func sorted(_ products: [Product], by order: CatalogueOrder, pricing: PricingCatalogue, context: ListingPriceContext) -> [Product] {
        let ranked = Array(products.enumerated())
        switch order {
        case .position:
            return products
        case .nameAscending, .nameDescending:
            let names = ranked.map { $0.element.name?.best(preferring: [context.languageID]) ?? "" }
            let descending = order == .nameDescending
            return ranked.sorted { a, b in
                let comparison = names[a.offset].compare(names[b.offset], options: [.caseInsensitive, .diacriticInsensitive, .numeric])
                if comparison == .orderedSame { return a.offset < b.offset }
                return descending ? comparison == .orderedDescending : comparison == .orderedAscending
            }.map(\.element)
        case .priceAscending, .priceDescending:
            let calculator = PriceCalculator(catalogue: pricing)
            // The context the storefront's cards are priced in, so the order matches what they show.
            let priceContext = PriceContext(countryID: context.countryID, groupID: context.groupID, customerID: context.customerID, now: context.now)
            // A product the rules cannot price sorts last either way rather than failing the page.
            let prices = ranked.map { try? calculator.unitPrice(product: $0.element.id ?? 0, combination: 0, context: priceContext) }
            let descending = order == .priceDescending
            return ranked.sorted { a, b in
                switch (prices[a.offset], prices[b.offset]) {
                case let (x?, y?) where x != y: return descending ? x > y : x < y
                case (nil, _?): return false
                case (_?, nil): return true
                default: return a.offset < b.offset
                }
            }.map(\.element)
        }
    }

    static func unique(_ ids: [Int]) -> [Int] {
        var seen = Set<Int>()
        return ids.filter { seen.insert($0).inserted }
    }
}

extension ShopPrices {
    /// What card prices (combination 0) need for products already read: their specific prices
    /// (with the shop-wide ones, `id_product` 0) in one request, and the rules every page
    /// shares, which the sender's cache keeps: configuration, currency, group, country, and all
    /// of the country's tax rules (not only the page's tax groups, so the request is the same
    /// on every page) with their taxes.
    public func listingCatalogue(products: [Product], groupID: Int, countryID: Int, currencyID: Int) async throws(ShopError) -> PricingCatalogue {
        var catalogue = PricingCatalogue()
        let information = ShopInformation(connection: connection)
        let configuration = try await information.configurationValues(PricingSettings.configurationKeys)
        let currency = try? await connection.get(Currency.self, id: currencyID)
        catalogue.settings = PricingSettings(configuration: configuration, currencyPrecision: currency?.precision)
        for product in products { catalogue.products[product.id ?? 0] = product }
        let ids = catalogue.products.keys.sorted()
        if !ids.isEmpty { catalogue.specificPrices = try await list(SpecificPrice.self, "id_product", [0] + ids) }
        if groupID != 0, let group = try? await connection.get(CustomerGroup.self, id: groupID) { catalogue.groups[groupID] = group }
        if countryID != 0 {
            catalogue.countries[countryID] = try await connection.get(Country.self, id: countryID)
            let request = try ShopConnection.build { () throws(WebserviceRequestError) in
                try WebserviceRequest.list("tax_rules").display(.full).filter("id_country", .equals(String(countryID)))
            }
            catalogue.taxRules = try await connection.all(TaxRule.self, request)
            let taxIDs = Set(catalogue.taxRules.compactMap(\.taxID)).subtracting([0]).sorted()
            if !taxIDs.isEmpty {
                for tax in try await list(Tax.self, "id", taxIDs) { catalogue.taxes[tax.id ?? 0] = tax }
            }
        }
        return catalogue
    }
}
