import Foundation
import ShopKit

/// "Page 2 of 2", the previous and next links and the sort menu of a paged list (a category's,
/// a search's). Links keep the list's other parameters (`q`, `sort`), so a visitor moves
/// through the same list without JavaScript.
struct PagerView: Encodable, Sendable {
    struct SortChoice: Encodable, Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A parameter the sort form sends again (the search's `q`).
    struct Kept: Encodable, Sendable {
        let name: String
        let value: String
    }

    let summary: String
    let previous: String?
    let next: String?
    /// The form's target: the list's path.
    let action: String
    let kept: [Kept]
    let sorts: [SortChoice]

    /// `path` is the list's path (`/shop/categories/2`), `kept` its other parameters.
    init(page: Int, paging: CataloguePaging, order: CatalogueOrder, path: String, kept: [(String, String)] = []) {
        let count = "\(paging.total) product\(paging.total == 1 ? "" : "s")"
        summary = paging.pageCount > 1 ? "Page \(page) of \(paging.pageCount) · \(count)" : count
        let link = { (number: Int) -> String in
            var pairs = kept
            if order != .position { pairs.append(("sort", order.rawValue)) }
            pairs.append(("page", String(number)))
            return path + "?" + pairs.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
        }
        previous = page > 1 ? link(page - 1) : nil
        next = page < paging.pageCount ? link(page + 1) : nil
        action = path
        self.kept = kept.map { Kept(name: $0.0, value: $0.1) }
        sorts = CatalogueOrder.allCases.map { SortChoice(value: $0.rawValue, label: $0.label, selected: $0 == order) }
    }

    init(_ page: CardsPage, path: String, kept: [(String, String)] = []) {
        self.init(
            page: page.page, paging: CataloguePaging(total: page.total, pageSize: page.pageSize), order: CatalogueOrder(rawValue: page.sort) ?? .position,
            path: path, kept: kept)
    }

    /// A query value as a URL carries it: everything but unreserved characters escaped, so a
    /// search for "a&b" or "t-shirt #2" comes back whole.
    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? value
    }
}
