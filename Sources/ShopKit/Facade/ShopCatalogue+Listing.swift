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
/// The products of a list the shop has and shows, in the list's order: what its pages are
/// cut from, so that a product switched off (kept in its category, not shown, as the front
/// office does) neither shortens a page nor counts in the pager.
public struct ListingShelf: Sendable {
    /// The active products, with their ids, and their names when the order needs them.
    public let products: [Product]
    /// The listed ids the shop did not return (deleted products, or records a replay lacks).
    public let missingProductIDs: [Int]
    public var ids: [Int] { products.compactMap(\.id) }
}

extension ShopCatalogue {
    /// Page `page` of the products `ids` names (in the shop's order), sorted by `order`.
    ///
    /// The list's active ids come first, in one light request (``shelf(of:order:)``) that is
    /// the same for every page, so the sender's cache answers it after the first. The category
    /// and name orders then read only the page's products; the price order reads them all in
    /// one request, because the webservice cannot sort by a computed price.
    public func listingPage(
        ids: [Int], page: Int, pageSize: Int, order: CatalogueOrder, pricedFor context: ListingPriceContext
    ) async throws(ShopError) -> ListingPage {
        guard page >= 1 else { throw .invalidArgument("there is no page \(page): pages count from 1") }
        let shelf = try await shelf(of: ids, order: order)
        let paging = CataloguePaging(total: shelf.products.count, pageSize: pageSize)
        guard paging.contains(page: page) else {
            throw .invalidArgument("there is no page \(page): the list has \(paging.pageCount) page\(paging.pageCount == 1 ? "" : "s")")
        }
        let prices = ShopPrices(connection: connection)
        if order.readsWholeList && !order.sortsByName {
            let found = try await products(ids: shelf.ids).filter { $0.active != false }
            let pricing = try await prices.listingCatalogue(products: found, groupID: context.groupID, countryID: context.countryID, currencyID: context.currencyID)
            let sorted = Self.sorted(found, by: order, pricing: pricing, context: context)
            let positions = paging.positions(ofPage: page).clamped(to: 0..<sorted.count)
            return ListingPage(products: Array(sorted[positions]), missingProductIDs: shelf.missingProductIDs, pricing: pricing, page: page, paging: paging, order: order)
        }
        let ordered = Self.sorted(shelf.products, by: order, pricing: PricingCatalogue(), context: context).compactMap(\.id)
        let wanted = Array(ordered[paging.positions(ofPage: page).clamped(to: 0..<ordered.count)])
        let found = try await products(ids: wanted)
        let byID = Dictionary(found.compactMap { product in product.id.map { ($0, product) } }, uniquingKeysWith: { first, _ in first })
        // Switched off or deleted between the two requests: left out, and named if deleted.
        let shown = wanted.compactMap { byID[$0] }.filter { $0.active != false }
        let vanished = wanted.filter { byID[$0] == nil }
        let pricing = try await prices.listingCatalogue(products: shown, groupID: context.groupID, countryID: context.countryID, currencyID: context.currencyID)
        return ListingPage(
            products: shown, missingProductIDs: shelf.missingProductIDs + vanished, pricing: pricing, page: page, paging: paging, order: order)
    }

    /// The listed products the shop has and shows, in the list's order: one request for their
    /// ids and `active` (and names for a name order), filtered by the list's ids.
    public func shelf(of ids: [Int], order: CatalogueOrder = .position) async throws(ShopError) -> ListingShelf {
        let listed = Self.unique(ids)
        guard !listed.isEmpty else { return ListingShelf(products: [], missingProductIDs: []) }
        let fields = order.sortsByName ? ["id", "active", "name"] : ["id", "active"]
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list(Product.resource).display(.fields(fields)).filter("id", .anyOf(listed.map(String.init)))
        }
        let found = try await connection.all(Product.self, request)
        let byID = Dictionary(found.compactMap { product in product.id.map { ($0, product) } }, uniquingKeysWith: { first, _ in first })
        return ListingShelf(
            products: listed.compactMap { byID[$0] }.filter { $0.active != false },
            missingProductIDs: listed.filter { byID[$0] == nil })
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
