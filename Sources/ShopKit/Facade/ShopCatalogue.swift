import Foundation

/// Browsing the catalogue: the category tree, a category's products (at once or lazily, see
/// ``products(inCategory:resumingAfter:)``), a product with what its page shows, new arrivals,
/// special offers and search.
public struct ShopCatalogue: Sendable {
    let connection: ShopConnection

    /// Every category in one request (`display=full`), as the shop's tree.
    public func categoryTree() async throws(ShopError) -> CategoryTree {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in try WebserviceRequest.list("categories").display(.full) }
        return CategoryTree(try await connection.all(Category.self, request))
    }

    public func category(id: Int) async throws(ShopError) -> Category {
        try await connection.get(Category.self, id: id)
    }

    /// The ids of a category's products, in the shop's order, from the category's `products`
    /// association (API-NOTES §9): one small request, whatever the number of products.
    public func productIDs(inCategory id: Int) async throws(ShopError) -> [Int] {
        let category = try await category(id: id)
        guard let ids = category.productIDs else {
            throw .missing(what: "products association (a category record carries one from 1.5 on)", request: "GET categories/\(id)")
        }
        return ids
    }

    public func product(id: Int) async throws(ShopError) -> Product {
        try await connection.get(Product.self, id: id)
    }

    /// One combination (a variant: its price impact, reference, option values).
    public func combination(id: Int) async throws(ShopError) -> Combination {
        try await connection.get(Combination.self, id: id)
    }

    /// The product's combinations (variants), each read in full.
    public func combinations(of product: Product) async throws(ShopError) -> [Combination] {
        var found: [Combination] = []
        for id in product.combinationIDs ?? [] { found.append(try await connection.get(Combination.self, id: id)) }
        return found
    }

    /// The option values its combinations use (size S, colour Blue…).
    public func optionValues(of product: Product) async throws(ShopError) -> [ProductOptionValue] {
        var found: [ProductOptionValue] = []
        for id in product.optionValueIDs ?? [] { found.append(try await connection.get(ProductOptionValue.self, id: id)) }
        return found
    }

    /// The options (Size, Color) of the given values.
    public func options(of values: [ProductOptionValue]) async throws(ShopError) -> [ProductOption] {
        var seen: [Int] = []
        for id in values.compactMap(\.attributeGroupID) where !seen.contains(id) { seen.append(id) }
        var found: [ProductOption] = []
        for id in seen { found.append(try await connection.get(ProductOption.self, id: id)) }
        return found
    }

    /// The product's specific prices (discounts, quantity prices).
    public func specificPrices(of productID: Int) async throws(ShopError) -> [SpecificPrice] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("specific_prices").display(.full).filter("id_product", .equals(String(productID)))
        }
        return try await connection.all(SpecificPrice.self, request)
    }

    /// What a product page shows, read in as many requests as it has parts.
    public func productDetail(id: Int) async throws(ShopError) -> ProductDetail {
        let product = try await product(id: id)
        let values = try await optionValues(of: product)
        return ProductDetail(
            product: product, combinations: try await combinations(of: product), optionValues: values,
            options: try await options(of: values), specificPrices: try await specificPrices(of: id))
    }

    /// The product's price with the tax of its tax rule group in `countryID`: the group's rule
    /// for the country, then its tax's rate (exact, see ``ShopDecimal/addingTax(percent:)``).
    public func taxedPrice(of product: Product, countryID: Int) async throws(ShopError) -> ShopDecimal {
        guard let price = product.price else { throw .missing(what: "price", request: "GET products/\(product.id ?? 0)") }
        guard let group = product.taxRulesGroupID, group != 0 else { return price }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("tax_rules").display(.full)
                .filter("id_tax_rules_group", .equals(String(group))).filter("id_country", .equals(String(countryID)))
        }
        let rules = try await connection.all(TaxRule.self, request)
        guard let taxID = rules.first?.taxID, taxID != 0 else { return price }
        let tax = try await connection.get(Tax.self, id: taxID)
        guard let rate = tax.rate else { throw .missing(what: "rate", request: "GET taxes/\(taxID)") }
        return price.addingTax(percent: rate)
    }

    /// The latest active products, newest first.
    public func newArrivals(count: Int) async throws(ShopError) -> [Product] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("products").display(.full).filter("active", .equals("1"))
                .sort([.descending("date_add")]).limit(count)
        }
        return try await connection.all(Product.self, request)
    }

    /// New arrivals as the shop counts them: active products added in the last
    /// `PS_NB_DAYS_NEW_PRODUCT` days (20 when the shop does not say), newest first (the thesis's
    /// `getNewArrivalsWithListener:` compares the same interval).
    public func newArrivals(now: ShopDateTime, count: Int = 50) async throws(ShopError) -> [Product] {
        let values = try await ShopInformation(connection: connection).configurationValues(["PS_NB_DAYS_NEW_PRODUCT"])
        let days = values["PS_NB_DAYS_NEW_PRODUCT"].flatMap { Int($0) } ?? 20
        let since = now.date.adding(days: -days)
        return try await newArrivals(count: count).filter { product in
            guard let added = product.dateAdd else { return false }
            return added.date > since || (added.date == since && (added.hour, added.minute, added.second) >= (now.hour, now.minute, now.second))
        }
    }

    /// Products with a current reduction: the specific prices with a reduction (or a fixed
    /// price) whose `from`/`to` include `now`, then their products in one request.
    public func specialOffers(now: ShopDateTime = .now()) async throws(ShopError) -> [Product] {
        let prices = try await connection.all(SpecificPrice.self, try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("specific_prices").display(.full)
        })
        var ids: [String] = []
        for price in prices where price.isCurrentOffer(at: now) {
            guard let id = price.productID, id != 0, !ids.contains(String(id)) else { continue }
            ids.append(String(id))
        }
        guard !ids.isEmpty else { return [] }
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("products").display(.full).filter("id", .anyOf(ids))
        }
        return try await connection.all(Product.self, request)
    }

    /// The ids of products matching `query`, by the shop's own search index (`/api/search`,
    /// which needs `language`).
    public func search(_ query: String, languageID: Int) async throws(ShopError) -> [Int] {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .invalidArgument("search needs some words to look for") }
        // 1.6 answers one <products> list; 8.x adds a <categories> list beside it.
        let document = try await connection.document(WebserviceRequest.list("search").adding("query", text).language(languageID))
        var ids: [Int] = []
        for content in document.contents {
            switch content {
            case .references("products", let references): ids += references.map(\.id)
            case .records("products", let records): ids += records.compactMap(\.id)
            default: continue
            }
        }
        return ids
    }
}

/// A product with its variants, their option values and options, and specific prices.
public struct ProductDetail: Sendable, Hashable {
    public var product: Product
    public var combinations: [Combination]
    public var optionValues: [ProductOptionValue]
    public var options: [ProductOption]
    public var specificPrices: [SpecificPrice]
}

extension ShopCatalogue {
    /// The stock of a product or one combination (`stock_availables`), nil when the shop keeps none.
    public func stock(productID: Int, combinationID: Int = 0) async throws(ShopError) -> StockAvailable? {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list("stock_availables").display(.full)
                .filter("id_product", .equals(String(productID))).filter("id_product_attribute", .equals(String(combinationID)))
        }
        return try await connection.all(StockAvailable.self, request).first
    }

    /// Whether `quantity` can be ordered: stock management off, enough in stock, or ordering out
    /// of stock allowed — by the product (`out_of_stock` 1) or, when it follows the shop
    /// (`out_of_stock` 2), by `PS_ORDER_OUT_OF_STOCK`. Nil when it can, else how many can.
    public func orderableQuantity(productID: Int, combinationID: Int, quantity: Int) async throws(ShopError) -> Int? {
        let values = try await ShopInformation(connection: connection).configurationValues(["PS_STOCK_MANAGEMENT", "PS_ORDER_OUT_OF_STOCK"])
        guard values["PS_STOCK_MANAGEMENT"] != "0", let stock = try await stock(productID: productID, combinationID: combinationID) else { return nil }
        let available = stock.quantity ?? 0
        guard quantity > available else { return nil }
        switch stock.outOfStock ?? 2 {
        case 1: return nil
        case 0: return max(0, available)
        default: return values["PS_ORDER_OUT_OF_STOCK"] == "1" ? nil : max(0, available)
        }
    }
}
