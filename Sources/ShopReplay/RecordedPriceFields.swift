import Markup

/// The `price[alias][…]` fields PrestaShop computed in the recording (8.1.2's `prices/`), kept
/// by what was computed rather than by the alias that asked: product, combination, and every
/// parameter with the webservice's default filled in (8.x
/// `WebserviceRequest::getPriceForProduct`: country `PS_COUNTRY_DEFAULT`, state 0, county 0,
/// currency `PS_CURRENCY_DEFAULT`, group `PS_CUSTOMER_GROUP`, quantity 1, use_tax `PS_TAX`,
/// decimals `PS_PRICE_ROUND_MODE`, product_attribute 0, only_reduction 0, use_reduction 1,
/// use_ecotax `PS_USE_ECOTAX`). A combination's fields are its product's price for that
/// combination.
struct RecordedPriceFields: Sendable {
    struct Computation: Hashable, Sendable {
        let productID: Int
        let combinationID: Int
        let parameters: [String: String]
    }

    private(set) var values: [Computation: String] = [:]

    static let parameterNames = [
        "country", "state", "county", "currency", "group", "quantity", "use_tax", "decimals", "product_attribute",
        "only_reduction", "use_reduction", "use_ecotax",
    ]

    /// Every alias the request asks for, with its parameters (`price[alias][name]=value`).
    static func aliases(in query: [ReplayQuery.Pair]) -> [String: [String: String]] {
        var aliases: [String: [String: String]] = [:]
        for pair in query where pair.name.hasPrefix("price[") {
            let parts = pair.name.dropFirst("price[".count).split(separator: "]", omittingEmptySubsequences: true)
            guard let alias = parts.first, !alias.isEmpty else { continue }
            let parameter = parts.count > 1 && parts[1].hasPrefix("[") ? String(parts[1].dropFirst()) : ""
            aliases[String(alias), default: [:]][parameter] = pair.value
        }
        return aliases
    }

    /// The parameters as PrestaShop reads them: each cast to an integer, as its `(int)` does,
    /// the missing ones given their defaults; a default the configuration does not hold stays
    /// "unknown", equal only to another unknown.
    static func normalised(_ sent: [String: String], configuration: [String: String]) -> [String: String] {
        let fromConfiguration = [
            "country": "PS_COUNTRY_DEFAULT", "currency": "PS_CURRENCY_DEFAULT", "group": "PS_CUSTOMER_GROUP", "use_tax": "PS_TAX",
            "decimals": "PS_PRICE_ROUND_MODE", "use_ecotax": "PS_USE_ECOTAX",
        ]
        let fixed = ["state": "0", "county": "0", "quantity": "1", "product_attribute": "0", "only_reduction": "0", "use_reduction": "1"]
        var parameters: [String: String] = [:]
        for name in parameterNames {
            if let value = sent[name] {
                parameters[name] = String(Int(value.drop { $0 == " " }.prefix { $0.isNumber || $0 == "-" }) ?? 0)
            } else if let key = fromConfiguration[name] {
                parameters[name] = configuration[key].map { String(Int($0) ?? 0) } ?? "unknown \(key)"
            } else {
                parameters[name] = fixed[name]
            }
        }
        return parameters
    }

    /// Reads the recorded GETs of products and combinations that asked for price fields.
    init(recordings: some Sequence<ReplayRecording>, configuration: [String: String]) {
        for recording in recordings where recording.key.method == "GET" && recording.status == 200 {
            let key = recording.key
            let resource = key.path.split(separator: "/").first.map(String.init) ?? ""
            guard resource == "products" || resource == "combinations", let body = recording.body,
                !key.query.contains(ReplayQuery.Pair(name: "output_format", value: "JSON"))
            else { continue }
            let aliases = Self.aliases(in: key.query)
            guard !aliases.isEmpty, let document = try? MarkupDocument.xml(body) else { continue }
            let element = resource == "products" ? "product" : "combination"
            let nodes = ((try? document.select("/prestashop/\(resource)/\(element)")) ?? []) + ((try? document.select("/prestashop/\(element)")) ?? [])
            for node in nodes {
                let record = ReplayElement(node)
                guard let id = record.child("id").flatMap({ Int($0.text) }) else { continue }
                for (alias, sent) in aliases {
                    guard let value = record.child(alias)?.text, !value.isEmpty else { continue }
                    var parameters = sent
                    let productID: Int
                    if resource == "combinations" {
                        // The webservice prices a combination as its product with that combination.
                        guard let product = record.child("id_product").flatMap({ Int($0.text) }) else { continue }
                        productID = product
                        parameters["product_attribute"] = String(id)
                    } else {
                        productID = id
                    }
                    let normal = Self.normalised(parameters, configuration: configuration)
                    let computation = Computation(productID: productID, combinationID: Int(normal["product_attribute"] ?? "0") ?? 0, parameters: normal)
                    values[computation] = value
                }
            }
        }
    }

    /// The recorded value of this computation, if the recording made it.
    func value(productID: Int, sent: [String: String], configuration: [String: String]) -> String? {
        let normal = Self.normalised(sent, configuration: configuration)
        return values[Computation(productID: productID, combinationID: Int(normal["product_attribute"] ?? "0") ?? 0, parameters: normal)]
    }
}
