import ShopKit
import WebCore

/// A category's products as they arrive, through the facade's lazy `ProductStream`: each
/// product is asked for only when the previous card was taken, so a visitor who leaves stops
/// the requests. A product the category names but the shop does not have (404: deleted, or
/// not in the recordings) is skipped and the stream resumed after it, rather than ending the
/// list; any other failure ends it.
extension Storefront {
    /// Calls `each` with every product's card in the shop's order; the ids of products the shop
    /// did not have.
    func categoryCards(
        _ categoryID: Int, listed: [Int], customerID: Int?, _ each: (ProductCard) async throws -> Void
    ) async throws -> [Int] {
        var handled: [Int] = []
        var missing: [Int] = []
        var stream = catalogue.products(inCategory: categoryID)
        while true {
            var products = stream.makeAsyncIterator()
            do {
                while let product = try await products.next() {
                    handled.append(product.id ?? 0)
                    guard product.active != false else { continue }
                    try await each(try await card(product, customerID: customerID))
                }
                return missing
            } catch let error as ShopError {
                guard case .webservice(.notFound) = error, let id = listed.first(where: { !handled.contains($0) }) else {
                    throw ShopFailure.from(error, scrub: services.scrub)
                }
                handled.append(id)
                missing.append(id)
                stream = catalogue.products(inCategory: categoryID, resumingAfter: handled)
            }
        }
    }
}
