import Foundation
import Hummingbird
import ShopKit
import WebCore

/// The storefront's JSON twins under `/api/shop/`. The session is the bearer token
/// (`Authorization: Bearer …`); an answer that made a session returns it as `token`.
/// Errors are `{"error":{"code","message"}}` with the status the screens use.
struct ShopAPIRoutes {
    let storefront: Storefront
    let visitor: ShopVisitor

    init(services: ShopServices) {
        storefront = Storefront(services: services)
        visitor = ShopVisitor(store: services.sessions)
    }

    struct Categories: Encodable { let categories: [CategoryLink] }
    struct CategoryAnswer: Encodable { let category: CategoryLink; let children: [CategoryLink]; let productCount: Int }
    struct Products: Encodable { let products: [ProductCard] }
    struct Pages: Encodable { let pages: [CMSPageLink] }
    struct Addresses: Encodable { let addresses: [AddressView] }
    struct Countries: Encodable { let countries: [CountryChoice] }
    struct Carriers: Encodable { let carriers: [CarrierView] }
    struct Orders: Encodable { let orders: [OrderView] }
    struct Session: Encodable { let token: String; let customer: CustomerView }
    struct CartAnswer: Encodable { let cart: CartView; let token: String? }

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("categories") { _, _ in Categories(categories: try await api { try await storefront.topCategories() }) }
        group.get("categories/:id") { _, context in
            let found = try await api { try await storefront.category(try id(context)) }
            return CategoryAnswer(category: found.category, children: found.children, productCount: found.productCount)
        }
        group.get("categories/:id/products") { request, context in try await categoryProducts(request, context) }
        group.get("search") { request, _ in try await search(request) }
        group.get("products/:id") { request, context in try await product(request, context) }
        group.get("new-arrivals") { request, _ in
            let session = try visitor.current(request)
            return Products(products: try await api { try await storefront.newArrivals(customerID: session?.customerID) })
        }
        group.get("specials") { request, _ in
            let session = try visitor.current(request)
            return Products(products: try await api { try await storefront.specialOffers(customerID: session?.customerID) })
        }
        group.get("cms") { _, _ in Pages(pages: try await api { try await storefront.cmsPages() }) }
        group.get("cms/:id") { _, context in try await api { try await storefront.cmsPage(try id(context)) } }
        group.get("countries") { _, _ in Countries(countries: try await api { try await storefront.countries(selected: nil) }) }
        registerAccount(on: group)
        registerCart(on: group)
        registerCheckout(on: group)
    }

    /// A page of the category's cards (`?page=`, `?sort=`), with the page count and total.
    private func categoryProducts(_ request: Request, _ context: WebRequestContext) async throws -> CardsPage {
        let categoryID = try id(context)
        let session = try visitor.current(request)
        return try await api {
            let order = try Storefront.order(request.uri.queryParameters["sort"].map(String.init))
            let page = try Storefront.pageNumber(request.uri.queryParameters["page"].map(String.init))
            let found = try await storefront.category(categoryID)
            return try await storefront.cardsPage(ids: found.productIDs, page: page, order: order, what: found.category.name, customerID: session?.customerID)
        }
    }

    /// The shop's search (`?q=`, `?page=`, `?sort=`): no words is a 400, no result an empty page.
    private func search(_ request: Request) async throws -> CardsPage {
        let session = try visitor.current(request)
        return try await api {
            let order = try Storefront.order(request.uri.queryParameters["sort"].map(String.init))
            let page = try Storefront.pageNumber(request.uri.queryParameters["page"].map(String.init))
            return try await storefront.search(request.uri.queryParameters["q"].map(String.init) ?? "", page: page, order: order, customerID: session?.customerID)
        }
    }

    private func product(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let productID = try id(context)
        let combination = try request.uri.queryParameters["combination"].map { text -> Int in
            guard let value = Int(String(text)), value >= 0 else { throw APIError(.badRequest, "invalid_combination", "“\(text)” is not a combination id.") }
            return value
        }
        let session = try visitor.current(request)
        return try await api { try await storefront.productPage(productID, combinationID: combination, customerID: session?.customerID) }
    }

    func id(_ context: WebRequestContext, _ name: String = "id") throws -> Int {
        guard let value = context.parameters.get(name, as: Int.self), value > 0 else {
            throw APIError(.notFound, "not_found", "“\(context.parameters.get(name) ?? "")” is not an id the shop can have.")
        }
        return value
    }

    /// Runs storefront work; its failure becomes the API's error answer.
    func api<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as ShopFailure {
            throw failure.apiError
        } catch let error as ShopError {
            throw ShopFailure.from(error, scrub: storefront.services.scrub).apiError
        }
    }

    /// A body field given as a number or as text ("2"): forms and scripts send either.
    struct Flexible: Decodable {
        let text: String?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { text = nil }
            else if let number = try? container.decode(Int.self) { text = String(number) }
            else if let string = try? container.decode(String.self) { text = string }
            else {
                // A fraction or a number past Int64 was read as "absent" once, and the default
                // combination was added instead of a refusal.
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a whole number (or its digits as text)")
            }
        }
    }
}

extension ShopAPIRoutes.Categories: ResponseEncodable {}
extension ShopAPIRoutes.CategoryAnswer: ResponseEncodable {}
extension ShopAPIRoutes.Products: ResponseEncodable {}
extension CardsPage: ResponseEncodable {}
extension ShopAPIRoutes.Pages: ResponseEncodable {}
extension ShopAPIRoutes.Addresses: ResponseEncodable {}
extension ShopAPIRoutes.Countries: ResponseEncodable {}
extension ShopAPIRoutes.Carriers: ResponseEncodable {}
extension ShopAPIRoutes.Session: ResponseEncodable {}
extension ShopAPIRoutes.CartAnswer: ResponseEncodable {}
extension ProductPage: ResponseEncodable {}
extension CMSPageView: ResponseEncodable {}
extension OrderView: ResponseEncodable {}
extension AddressView: ResponseEncodable {}
extension ShopAPIRoutes.Orders: ResponseEncodable {}
extension CheckoutTotals: ResponseEncodable {}
