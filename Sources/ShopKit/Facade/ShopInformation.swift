/// The shop itself: its name, languages, currencies and CMS pages.
public struct ShopInformation: Sendable {
    let connection: ShopConnection

    /// The shop's name (`shops/<id>`; 1 is the default shop).
    public func name(shopID: Int = 1) async throws(ShopError) -> String {
        let shop = try await connection.get(Shop.self, id: shopID)
        guard let name = shop.name, !name.isEmpty else { throw .missing(what: "name", request: "GET shops/\(shopID)") }
        return name
    }

    /// The shop's languages: the list's ids, then each record.
    public func languages() async throws(ShopError) -> [Language] {
        var found: [Language] = []
        for id in try await connection.ids(.list("languages"), element: "language") {
            found.append(try await connection.get(Language.self, id: id))
        }
        return found
    }

    /// The shop's currencies: the list's ids, then each record.
    public func currencies() async throws(ShopError) -> [Currency] {
        var found: [Currency] = []
        for id in try await connection.ids(.list("currencies"), element: "currency") {
            found.append(try await connection.get(Currency.self, id: id))
        }
        return found
    }

    /// The active CMS pages (terms, delivery, about us), in one request.
    public func cmsPages() async throws(ShopError) -> [CMSPage] {
        let request = try ShopConnection.build { () throws(WebserviceRequestError) in
            try WebserviceRequest.list(CMSPage.resource).display(.full).filter("active", .plain("1"))
        }
        return try await connection.all(CMSPage.self, request)
    }

    public func cmsPage(id: Int) async throws(ShopError) -> CMSPage {
        try await connection.get(CMSPage.self, id: id)
    }
}
