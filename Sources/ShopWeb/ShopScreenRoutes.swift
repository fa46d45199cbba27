import Foundation
import Hummingbird
import NIOCore
import ShopKit
import WebCore

/// The storefront's screens under `/shop`, mobile-first; every form works without JavaScript.
/// A category's page is sent in two parts of one chunked answer: its top at once, its cards
/// when the shop has answered for them, so a slow shop shows the category before its products.
struct ShopScreenRoutes {
    let screens: Screens
    let templates: Templates
    let storefront: Storefront
    let visitor: ShopVisitor

    init(templates: Templates, services: ShopServices) {
        self.templates = templates
        screens = Screens(templates: templates, navigation: [
            .init(label: "Shop", href: "/shop"), .init(label: "New", href: "/shop/new"), .init(label: "Offers", href: "/shop/specials"),
            .init(label: "Cart", href: "/shop/cart"), .init(label: "Account", href: "/shop/account"), .init(label: "Info", href: "/shop/info"),
        ], home: "/shop")
        storefront = Storefront(services: services)
        visitor = ShopVisitor(store: services.sessions)
    }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.add(middleware: ShopSessionEndedPage(screens: screens))
        group.get { request, _ in try await home(request) }
        group.get("categories/:id") { request, context in try await category(request, context) }
        group.get("products/:id") { request, context in try await product(request, context) }
        group.get("new") { request, _ in try await list(request, title: "New arrivals", empty: "The shop has no new arrivals at the moment.") { try await storefront.newArrivals(customerID: $0) } }
        group.get("search") { request, _ in try await search(request) }
        group.get("specials") { request, _ in try await list(request, title: "Special offers", empty: "There are no special offers at the moment: no product has a reduced price.") { try await storefront.specialOffers(customerID: $0) } }
        group.get("info") { _, _ in
            let pages = try await screen { try await storefront.cmsPages() }
            return screens.page("shop/info", ShopInfoPage(pages: pages, empty: pages.isEmpty))
        }
        group.get("info/:id") { _, context in try await infoPage(context) }
        ShopImageRoutes(images: storefront.services.images).register(on: group)
        registerCart(on: group)
        registerAccount(on: group)
        registerCheckout(on: group)
    }

    private func infoPage(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try number(context, "id", what: "page")
        let cms = try await screen { try await storefront.cmsPage(id) }
        return screens.page("shop/page", ShopCMSPage(title: cms.title, page: cms))
    }

    // MARK: Catalogue

    private func home(_ request: Request) async throws -> HTML {
        let session = try visitor.current(request)
        let categories = try await screen { try await storefront.topCategories() }
        return screens.page("shop/home", ShopHomePage(
            categories: categories, noCategories: categories.isEmpty, customer: session?.customerName, loggedIn: session?.customerID != nil))
    }

    private func category(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try number(context, "id", what: "category")
        let session = try visitor.current(request)
        let path = "/shop/categories/\(id)"
        let order = try await screen(back: path) { try Storefront.order(request.uri.queryParameters["sort"].map(String.init)) }
        let page = try await screen(back: path) { try Storefront.pageNumber(request.uri.queryParameters["page"].map(String.init)) }
        let found = try await screen { try await storefront.category(id) }
        // A page past the end is refused before anything is sent, with the page count.
        let paging = try await screen(back: path) { try await storefront.paging(ids: found.productIDs, page: page, order: order, what: found.category.name) }
        let pager = PagerView(page: page, paging: paging, order: order, path: path)
        let top = screens.render("shop/category-top", ShopCategoryTop(
            title: found.category.name, category: found.category, children: found.children, hasChildren: !found.children.isEmpty,
            productCount: paging.total, pager: pager))
        let listing = CategoryListing(category: id, productIDs: found.productIDs, page: page, order: order, name: found.category.name, pager: pager)
        let customerID = session?.customerID
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody { [storefront, templates] writer in
            try await Self.writeCards(&writer, top: top, listing: listing, storefront: storefront, templates: templates, customerID: customerID)
        })
    }

    /// The page of a category being written.
    struct CategoryListing: Sendable {
        let category: Int
        let productIDs: [Int]
        let page: Int
        let order: CatalogueOrder
        let name: String
        let pager: PagerView
    }

    /// The page's top at once (the shop's page count is known), then the page's cards once the
    /// shop has sent its products (one request for them, one for their specific prices), then
    /// the pager, with what stopped the list if the shop failed.
    private static func writeCards(
        _ writer: inout any ResponseBodyWriter, top: String, listing: CategoryListing, storefront: Storefront, templates: Templates, customerID: Int?
    ) async throws {
        try await writer.write(ByteBuffer(string: top))
        var cards: [ProductCard] = []
        var missing: [Int] = []
        var problem: String?
        do {
            let found = try await storefront.cardsPage(ids: listing.productIDs, page: listing.page, order: listing.order, what: listing.name, customerID: customerID)
            cards = found.products
            missing = found.missingProductIDs
        } catch let failure as ShopFailure {
            problem = failure.message
        }
        try await writer.write(ByteBuffer(string: cards.map { templates.render("shop/card", $0) }.joined()))
        try await writer.write(ByteBuffer(string: templates.render("shop/category-bottom", ShopCategoryBottom(
            problem: problem, empty: cards.isEmpty && problem == nil,
            missing: missing.isEmpty ? nil
                : "\(missing.count) of the category's products could not be read from the shop (\(missing.map { "products/\($0)" }.joined(separator: ", ")))",
            pager: problem == nil ? listing.pager : nil
        ))))
        try await writer.finish(nil)
    }

    /// The search screen: the shop's search index, in pages; no words is the empty search box,
    /// no result says so.
    private func search(_ request: Request) async throws -> HTML {
        let session = try visitor.current(request)
        let query = (request.uri.queryParameters["q"].map(String.init) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else {
            return screens.page("shop/list", ShopListPage(
                title: "Search", products: [], empty: true, emptyText: "Type words to look for.", search: .init(query: "")))
        }
        let back = "/shop/search?q=\(PagerView.encoded(query))"
        let order = try await screen(back: back) { try Storefront.order(request.uri.queryParameters["sort"].map(String.init)) }
        let page = try await screen(back: back) { try Storefront.pageNumber(request.uri.queryParameters["page"].map(String.init)) }
        let found = try await screen(back: back) { try await storefront.search(query, page: page, order: order, customerID: session?.customerID) }
        return screens.page("shop/list", ShopListPage(
            title: "Search: \(query)", products: found.products, empty: found.products.isEmpty,
            emptyText: "No product matches “\(query)”. Try fewer words, or the start of a word.", search: .init(query: query),
            pager: PagerView(found, path: "/shop/search", kept: [("q", query)])))
    }

    private func product(_ request: Request, _ context: WebRequestContext) async throws -> HTML {
        let id = try number(context, "id", what: "product")
        let session = try visitor.current(request)
        var combination: Int?
        if let text = request.uri.queryParameters["combination"] {
            guard let value = Int(String(text)), value >= 0 else { throw screens.failure(.badRequest, "“\(text)” is not a combination.", back: "/shop/products/\(id)") }
            combination = value
        }
        var selection: [Int: Int] = [:]
        for (name, value) in request.uri.queryParameters where name.hasPrefix("attribute_") {
            guard let group = Int(name.dropFirst("attribute_".count)), let chosen = Int(String(value)) else {
                throw screens.failure(.badRequest, "“\(value)” is not an option of this product.", back: "/shop/products/\(id)")
            }
            selection[group] = chosen
        }
        if !selection.isEmpty {
            let chosen = selection
            combination = try await screen(back: "/shop/products/\(id)") { try await storefront.combinationID(product: id, selection: chosen) }
        }
        let shown = try await screen(back: "/shop") { try await storefront.productPage(id, combinationID: combination, customerID: session?.customerID) }
        return screens.page("shop/product", ShopProductScreen(title: shown.name, product: shown, added: request.uri.queryParameters["done"] != nil, error: nil))
    }

    private func list(_ request: Request, title: String, empty: String, _ load: (Int?) async throws -> [ProductCard]) async throws -> HTML {
        let session = try visitor.current(request)
        let cards = try await screen { try await load(session?.customerID) }
        return screens.page("shop/list", ShopListPage(title: title, products: cards, empty: cards.isEmpty, emptyText: empty))
    }

    // MARK: Shared

    func number(_ context: WebRequestContext, _ name: String, what: String) throws -> Int {
        guard let id = context.parameters.get(name, as: Int.self), id > 0 else {
            throw screens.failure(.notFound, "There is no \(what) “\(context.parameters.get(name) ?? "")” in the shop.")
        }
        return id
    }

    /// Runs storefront work; a failure becomes the error screen with its status (404 for what
    /// the shop lacks, 502/504 for a shop that is down, slow or answering something else).
    func screen<T>(back: String = "/shop", _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as ShopFailure {
            throw failurePage(failure, back: back)
        }
    }

    func failurePage(_ failure: ShopFailure, back: String) -> ScreenError {
        let heading = switch failure.status {
        case .notFound: "Not found"
        case .badGateway: "The shop did not answer properly"
        case .gatewayTimeout: "The shop is too slow"
        case .unauthorized: "Please log in"
        default: "That cannot be done"
        }
        return screens.failure(failure.status, ErrorPage(heading: heading, message: failure.message, back: back))
    }
}
