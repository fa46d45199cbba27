import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// `GET /api/orders/suggest?kind=customer|supplier|product&q=…[&supplier=ID]`: what the order
/// form's autocomplete offers while the agent types, `[{"id", "label"}]`, from the store's
/// `…(matching:)` (name, contact, code or description starts with what was typed, accents and
/// case ignored).
extension MasterDataAPIRoutes {
    struct Suggestion: Encodable, Sendable, Equatable {
        let id: Int64
        let label: String
    }

    /// The list as the response body: a JSON array, not an object.
    struct Suggestions: ResponseEncodable {
        let items: [Suggestion]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(items)
        }
    }

    /// Enough to choose from on a phone's screen.
    static let suggestionLimit = 10

    func registerSuggestions(on group: RouterGroup<WebRequestContext>) {
        group.get("suggest") { request, _ in try suggestions(request) }
    }

    private func suggestions(_ request: Request) throws -> some ResponseGenerator {
        let query = request.uri.queryParameters
        let typed = query["q"].map(String.init) ?? ""
        let limit = Self.suggestionLimit
        // Checked whatever the kind: a malformed parameter is an error even where it is unused.
        var supplierID: Int64?
        if let text = query["supplier"].map(String.init), !text.isEmpty {
            guard let id = Int64(text) else { throw APIError(.badRequest, "bad_supplier", "supplier must be a supplier's id, such as 3.") }
            supplierID = id
        }
        switch query["kind"].map(String.init) {
        case "customer":
            return Suggestions(items: try store.customers(matching: typed, limit: limit).map {
                Suggestion(id: $0.id ?? 0, label: $0.city.isEmpty ? $0.companyName : "\($0.companyName) (\($0.city))")
            })
        case "supplier":
            return Suggestions(items: try store.suppliers(matching: typed, limit: limit).map { Suggestion(id: $0.id ?? 0, label: $0.name) })
        case "product":
            return Suggestions(items: try store.products(matching: typed, supplierID: supplierID, limit: limit).map {
                Suggestion(id: $0.id ?? 0, label: $0.description.isEmpty ? $0.code : "\($0.code) — \($0.description)")
            })
        default:
            throw APIError(.badRequest, "bad_kind", "kind must be customer, supplier or product.")
        }
    }
}
