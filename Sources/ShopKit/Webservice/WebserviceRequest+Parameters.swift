/// The list and output parameters of API-NOTES §6 to §8, each appended to the query in the
/// order they are called (so a request can be written to match a recorded URL exactly).
extension WebserviceRequest {
    /// What a list shows: full records, or some fields.
    public enum Display: Sendable, Equatable {
        case full
        case fields([String])
    }

    /// `display=full` or `display=[a,b]`.
    public func display(_ display: Display) throws(WebserviceRequestError) -> WebserviceRequest {
        switch display {
        case .full: return adding("display", "full")
        case .fields(let fields):
            guard !fields.isEmpty else { throw .emptyFieldList }
            return adding("display", "[\(fields.joined(separator: ","))]")
        }
    }

    /// `filter[field]=<expression>`; see ``WebserviceFilter``.
    public func filter(_ field: String, _ filter: WebserviceFilter) throws(WebserviceRequestError) -> WebserviceRequest {
        adding("filter[\(field)]", try filter.expression(field: field))
    }

    /// `sort=[f1_ASC,f2_DESC]`.
    public func sort(_ keys: [WebserviceSort]) -> WebserviceRequest {
        adding("sort", "[\(keys.map(\.expression).joined(separator: ","))]")
    }

    /// `limit=N`.
    public func limit(_ count: Int) throws(WebserviceRequestError) -> WebserviceRequest {
        guard count > 0 else { throw .invalidLimit(offset: 0, count: count) }
        return adding("limit", String(count))
    }

    /// `limit=offset,N` (offset counts from 0). There is no total count: page until a page
    /// comes back short (§4).
    public func limit(offset: Int, count: Int) throws(WebserviceRequestError) -> WebserviceRequest {
        guard offset >= 0, count > 0 else { throw .invalidLimit(offset: offset, count: count) }
        return adding("limit", "\(offset),\(count)")
    }

    /// `date=1`: lets `date_add`/`date_upd` be filtered and sorted on.
    public func date() -> WebserviceRequest { adding("date", "1") }

    public enum Schema: String, Sendable { case blank, synopsis }

    /// `schema=blank` (an empty record to fill) or `schema=synopsis` (with required/format/read-only).
    public func schema(_ schema: Schema) -> WebserviceRequest { adding("schema", schema.rawValue) }

    /// `language=N`.
    public func language(_ id: Int) -> WebserviceRequest { adding("language", String(id)) }

    /// `language=[1|2]`.
    public func languages(_ ids: [Int]) throws(WebserviceRequestError) -> WebserviceRequest {
        guard !ids.isEmpty else { throw .emptyLanguageList }
        return adding("language", "[\(ids.map(String.init).joined(separator: "|"))]")
    }

    /// The options of a computed price node (§7, docs specific-price).
    public enum PriceOption: String, Sendable, CaseIterable {
        case country, state, postcode, currency, group, quantity
        case productAttribute = "product_attribute"
        case decimals
        case useTax = "use_tax"
        case useReduction = "use_reduction"
        case onlyReduction = "only_reduction"
        case useEcotax = "use_ecotax"
    }

    /// `price[alias][option]=value`, on `products` and `combinations`.
    public func price(_ alias: String, _ option: PriceOption, _ value: String) -> WebserviceRequest {
        adding("price[\(alias)][\(option.rawValue)]", value)
    }

    /// `output_format=JSON` (1.6.0.9 and later; the client checks the version).
    public func jsonOutput() -> WebserviceRequest { adding("output_format", "JSON") }

    /// `id_shop=N`.
    public func shop(_ id: Int) -> WebserviceRequest { adding("id_shop", String(id)) }

    /// `id_group_shop=N`.
    public func shopGroup(_ id: Int) -> WebserviceRequest { adding("id_group_shop", String(id)) }

    /// `ps_method=…`: the server acts as if the request had this verb (§3), the documented way
    /// to replace an image with a POST.
    public func overridingMethod(_ method: WebserviceMethod) -> WebserviceRequest {
        adding("ps_method", method.rawValue)
    }

    /// The method the server will act on: `ps_method` when given, else the HTTP verb.
    public var effectiveMethod: WebserviceMethod {
        query.last(where: { $0.name == "ps_method" }).flatMap { WebserviceMethod(rawValue: $0.value.uppercased()) } ?? method
    }
}
