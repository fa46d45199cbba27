import Foundation

/// One page of an OpenAlex list endpoint (`/authors?…`, `/works?…`): `{"meta": {…}, "results": […]}`.
public struct OpenAlexList<Item: Decodable & Sendable>: Decodable, Sendable {
    /// Missing `meta` decodes as `nil`; a missing `results` array as an empty page.
    public var meta: OpenAlexListMeta?
    public var results: [Item]

    private enum CodingKeys: String, CodingKey {
        case meta, results
    }

    public init(meta: OpenAlexListMeta?, results: [Item]) {
        self.meta = meta
        self.results = results
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meta = try container.decodeIfPresent(OpenAlexListMeta.self, forKey: .meta)
        results = try container.decodeIfPresent([Item].self, forKey: .results) ?? []
    }
}

/// The `meta` object of a list page.
public struct OpenAlexListMeta: Decodable, Sendable, Equatable {
    /// How many entities match the whole query, not just this page.
    public var count: Int?
    /// The page number under basic paging; `null` under cursor paging.
    public var page: Int?
    public var perPage: Int?
    /// The cursor for the next page; absent without `cursor=`, `null` after the last page.
    public var nextCursor: String?

    private enum CodingKeys: String, CodingKey {
        case count, page
        case perPage = "per_page"
        case nextCursor = "next_cursor"
    }

    public init(count: Int? = nil, page: Int? = nil, perPage: Int? = nil, nextCursor: String? = nil) {
        self.count = count
        self.page = page
        self.perPage = perPage
        self.nextCursor = nextCursor
    }
}
