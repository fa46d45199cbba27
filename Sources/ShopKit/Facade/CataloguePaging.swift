import Foundation

/// The orders a product list can be shown in: those PrestaShop's front office offers on a
/// category (`ProductListingFrontController`'s sort orders `product.position.asc`,
/// `product.name.asc|desc`, `product.price.asc|desc`). The raw value is what `?sort=` carries.
public enum CatalogueOrder: String, Sendable, CaseIterable, Hashable {
    /// The category's own order (its `products` association), or the search's relevance.
    case position
    case nameAscending = "name-asc"
    case nameDescending = "name-desc"
    case priceAscending = "price-asc"
    case priceDescending = "price-desc"

    /// How a visitor reads it, as the front office's sort menu says it.
    public var label: String {
        switch self {
        case .position: "Relevance"
        case .nameAscending: "Name, A to Z"
        case .nameDescending: "Name, Z to A"
        case .priceAscending: "Price, low to high"
        case .priceDescending: "Price, high to low"
        }
    }

    /// Whether the order needs every product of the list (name and price are fields of the
    /// records, which the category's `products` association does not carry).
    var readsWholeList: Bool { self != .position }

    /// Whether the order is by name, which the list's light request can carry.
    var sortsByName: Bool { self == .nameAscending || self == .nameDescending }
}

/// Pages of `pageSize` items over a list of `total` (PrestaShop's `PS_PRODUCTS_PER_PAGE`).
/// An empty list still has one (empty) page, so its first page is not an error.
public struct CataloguePaging: Sendable, Hashable {
    public let total: Int
    public let pageSize: Int

    /// A page size below 1 is taken as 1: a shop's configuration may say 0.
    public init(total: Int, pageSize: Int) {
        self.total = max(0, total)
        self.pageSize = max(1, pageSize)
    }

    public var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }

    public func contains(page: Int) -> Bool { page >= 1 && page <= pageCount }

    /// The positions (0-based) of the page's items; empty for a page that does not exist.
    public func positions(ofPage page: Int) -> Range<Int> {
        guard contains(page: page) else { return 0..<0 }
        let start = (page - 1) * pageSize
        return start..<min(total, start + pageSize)
    }
}
