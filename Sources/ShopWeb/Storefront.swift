import Foundation
import ShopKit
import WebCore

/// The storefront's work, shared by the screens and the JSON API: each call reads the shop
/// through the facade and returns the values the pages show. Shop failures become
/// ``ShopFailure``s (without the key), never a crash.
struct Storefront: Sendable {
    let services: ShopServices
    var catalogue: ShopCatalogue { services.facade.catalogue }

    /// Runs shop calls; a ShopKit error becomes the visitor's ``ShopFailure``.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ShopError {
            throw ShopFailure.from(error, scrub: services.scrub)
        } catch let error as LoginError {
            throw ShopFailure.from(error, scrub: services.scrub)
        }
    }

    func settings() async -> ShopSettingsCache.Settings { await services.settings.settings() }

    func taxNote(_ settings: ShopSettingsCache.Settings) -> String {
        guard settings.countryID != nil else { return "Prices without tax: the shop does not say its default country." }
        return "Prices include the tax of \(settings.countryName ?? "the shop's default country")."
    }

    // MARK: Categories

    /// The categories under the shop's home category (the one marked `is_root_category`).
    func topCategories() async throws -> [CategoryLink] {
        try await run {
            let settings = await settings()
            let tree = try await catalogue.categoryTree()
            let home = tree.categories.values.filter { $0.isRootCategory == true }.min { ($0.id ?? 0) < ($1.id ?? 0) }
            let top = home.map { tree.children(of: $0.id ?? 0) } ?? tree.roots.flatMap { tree.children(of: $0.id ?? 0) }
            return top.filter { $0.active != false }.map { link($0, settings) }
        }
    }

    func link(_ category: Category, _ settings: ShopSettingsCache.Settings) -> CategoryLink {
        let id = category.id ?? 0
        return CategoryLink(id: id, name: category.name?.best(preferring: [settings.languageID]) ?? "Category \(id)", href: "/shop/categories/\(id)")
    }

    /// The category and its active sub-categories.
    struct CategoryFound: Sendable {
        let category: CategoryLink
        let children: [CategoryLink]
        let productCount: Int
        /// The product ids the category lists, in order.
        let productIDs: [Int]
    }

    func category(_ id: Int) async throws -> CategoryFound {
        try await run {
            let settings = await settings()
            // The tree (`display=full`, read once for the menu) carries each category's
            // products association: a page of it costs no request of its own for its ids.
            let tree = try await catalogue.categoryTree()
            let category: Category
            if let known = tree.categories[id], known.productIDs != nil { category = known } else { category = try await catalogue.category(id: id) }
            let children = tree.children(of: id).filter { $0.active != false }.map { link($0, settings) }
            return CategoryFound(category: link(category, settings), children: children, productCount: category.productIDs?.count ?? 0,
                productIDs: category.productIDs ?? [])
        }
    }

    // MARK: Products

    func card(_ product: Product, customerID: Int?) async throws -> ProductCard {
        try await run {
            guard let id = product.id else { throw ShopFailure(.badGateway, "shop_failed", "The shop sent a product without an id.") }
            let prices = try await pricing([id], customerID: customerID)
            return try await card(product, catalogue: prices, customerID: customerID, groupID: try await groupID(customerID))
        }
    }

    func card(_ product: Product, catalogue prices: PricingCatalogue, customerID: Int?, groupID: Int) async throws -> ProductCard {
        let settings = await settings()
        let id = product.id ?? 0
        let price = try shownPrice(id, combination: 0, catalogue: prices, customerID: customerID, groupID: groupID)
        return ProductCard(
            id: id, name: product.name?.best(preferring: [settings.languageID]) ?? "Product \(id)",
            price: ShopMoney.text(price.final, sign: settings.currencySign), priceValue: price.final, reduced: price.isReduced,
            oldPrice: ShopMoney.text(price.regular, sign: settings.currencySign),
            imageURL: Self.imageURL(product: id, image: product.defaultImageID ?? product.imageIDs?.first, size: "home_default"), href: "/shop/products/\(id)")
    }

    /// A product image; `size` is one of the shop's image types (`home_default` for cards,
    /// `small_default` for cart rows), nil for the original.
    static func imageURL(product: Int, image: Int?, size: String? = nil) -> String {
        guard let image, image > 0 else { return "/shop/images/placeholder.svg" }
        return "/shop/images/products/\(product)/\(image)" + (size.map { "/\($0)" } ?? "")
    }

    func cards(_ products: [Product], customerID: Int?) async throws -> [ProductCard] {
        try await run {
            let shown = products.filter { $0.active != false }
            guard !shown.isEmpty else { return [] }
            let prices = try await pricing(shown.compactMap(\.id), customerID: customerID)
            let group = try await groupID(customerID)
            var cards: [ProductCard] = []
            for product in shown { cards.append(try await card(product, catalogue: prices, customerID: customerID, groupID: group)) }
            return cards
        }
    }

    /// Products added within `PS_NB_DAYS_NEW_PRODUCT` days.
    func newArrivals(customerID: Int?) async throws -> [ProductCard] {
        try await cards(try await run { try await catalogue.newArrivals(now: .now()) }, customerID: customerID)
    }

    /// Products with a reduction valid today.
    func specialOffers(customerID: Int?) async throws -> [ProductCard] {
        try await cards(try await run { try await catalogue.specialOffers(now: .now()) }, customerID: customerID)
    }

    /// The product page; `combinationID` chooses a variant (default: the shop's default one).
    func productPage(_ id: Int, combinationID: Int?, customerID: Int?) async throws -> ProductPage {
        try await run {
            let settings = await settings()
            let detail = try await catalogue.productDetail(id: id)
            let product = detail.product
            let chosenID = combinationID ?? product.defaultCombinationID ?? detail.combinations.first?.id ?? 0
            if chosenID != 0, !detail.combinations.contains(where: { $0.id == chosenID }) {
                throw ShopFailure.input("combination", "Product \(id) has no combination \(chosenID); choose one of its options.")
            }
            let chosen = detail.combinations.first { $0.id == chosenID }
            let prices = try await pricing([id], customerID: customerID)
            let group = try await groupID(customerID)
            let price = try shownPrice(id, combination: chosenID, catalogue: prices, customerID: customerID, groupID: group)
            var choices: [ChoiceView] = []
            for combination in detail.combinations {
                let each = try shownPrice(id, combination: combination.id ?? 0, catalogue: prices, customerID: customerID, groupID: group)
                choices.append(ChoiceView(
                    id: combination.id ?? 0, label: Self.label(combination, detail, settings),
                    price: ShopMoney.text(each.final, sign: settings.currencySign), selected: combination.id == chosenID))
            }
            let language = [settings.languageID]
            let images = (product.imageIDs ?? []).map { Self.imageURL(product: id, image: $0) }
            return ProductPage(
                id: id, name: product.name?.best(preferring: language) ?? "Product \(id)", reference: product.reference ?? "",
                summary: ShopText.plain(product.descriptionShort?.best(preferring: language) ?? ""),
                description: ShopText.plain(product.description?.best(preferring: language) ?? ""),
                imageURLs: images.isEmpty ? [Self.imageURL(product: id, image: nil)] : images,
                price: ShopMoney.text(price.final, sign: settings.currencySign), priceValue: price.final, reduced: price.isReduced,
                oldPrice: ShopMoney.text(price.regular, sign: settings.currencySign), oldPriceValue: price.regular,
                taxNote: taxNote(settings), combinations: choices, pickers: Self.pickers(detail, chosen: chosen, settings),
                hasCombinations: !choices.isEmpty, combinationID: chosenID,
                combinationLabel: chosen.map { Self.label($0, detail, settings) } ?? "",
                available: product.active != false && product.availableForOrder != false)
        }
    }

    /// "Size: S, Color: Orange".
    static func label(_ combination: Combination, _ detail: ProductDetail, _ settings: ShopSettingsCache.Settings) -> String {
        let language = [settings.languageID]
        let parts = (combination.optionValueIDs ?? []).compactMap { valueID -> String? in
            guard let value = detail.optionValues.first(where: { $0.id == valueID }) else { return nil }
            let option = detail.options.first { $0.id == value.attributeGroupID }
            let name = value.name?.best(preferring: language) ?? "\(valueID)"
            guard let optionName = option?.publicName?.best(preferring: language) ?? option?.name?.best(preferring: language) else { return name }
            return "\(optionName): \(name)"
        }
        return parts.isEmpty ? "Combination \(combination.id ?? 0)" : parts.joined(separator: ", ")
    }

    // MARK: Shop information

    func cmsPages() async throws -> [CMSPageLink] {
        try await run {
            let settings = await settings()
            return try await services.facade.information.cmsPages().map { page in
                let id = page.id ?? 0
                return CMSPageLink(id: id, title: page.metaTitle?.best(preferring: [settings.languageID]) ?? "Page \(id)", href: "/shop/info/\(id)")
            }
        }
    }

    func cmsPage(_ id: Int) async throws -> CMSPageView {
        try await run {
            let settings = await settings()
            let page = try await services.facade.information.cmsPage(id: id)
            return CMSPageView(
                id: id, title: page.metaTitle?.best(preferring: [settings.languageID]) ?? "Page \(id)",
                text: ShopText.plain(page.content?.best(preferring: [settings.languageID]) ?? ""))
        }
    }
}
