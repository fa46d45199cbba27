import Foundation

extension CartQuoteRequest {
    /// The cart file of `bottega shop quote`: `{"lines": [{"product", "combination", "quantity"}],
    /// "delivery": {"country", "state"}, "carrier", "group", "cartRules": [cart rule objects as
    /// `cart_rules/ID?output_format=JSON` returns them]}`, plus an optional `"customer"`.
    /// Every mistake is named with where it is.
    public init(json data: Data) throws(CartFileError) {
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CartFileError("the file is not a JSON object") }
            root = object
        } catch let error as CartFileError {
            throw error
        } catch {
            throw CartFileError("the file is not JSON: \(error.localizedDescription)")
        }
        guard let lines = root["lines"] as? [[String: Any]], !lines.isEmpty else { throw CartFileError("\"lines\" must be a non-empty list of {\"product\", \"combination\", \"quantity\"}") }
        var parsed: [Line] = []
        for (index, line) in lines.enumerated() {
            let product = try Self.integer(line["product"], "lines[\(index)].product", minimum: 1)
            let combination = try Self.integer(line["combination"] ?? 0, "lines[\(index)].combination", minimum: 0)
            let quantity = try Self.integer(line["quantity"], "lines[\(index)].quantity", minimum: 1)
            parsed.append(Line(productID: product, combinationID: combination, quantity: quantity))
        }
        guard let delivery = root["delivery"] as? [String: Any] else { throw CartFileError("\"delivery\" must be {\"country\": ID, \"state\": ID or 0}") }
        let country = try Self.integer(delivery["country"], "delivery.country", minimum: 1)
        let state = try Self.integer(delivery["state"] ?? 0, "delivery.state", minimum: 0)
        let carrier = try Self.integer(root["carrier"], "carrier", minimum: 1)
        let group = try Self.integer(root["group"] ?? 3, "group", minimum: 1)
        let customer = try Self.integer(root["customer"] ?? 0, "customer", minimum: 0)
        var rules: [CartRule] = []
        if let value = root["cartRules"], !(value is NSNull) {
            guard let list = value as? [[String: Any]] else { throw CartFileError("\"cartRules\" must be a list of cart rule objects") }
            for (index, object) in list.enumerated() {
                rules.append(try Self.cartRule(object, at: "cartRules[\(index)]"))
            }
        }
        self.init(lines: parsed, countryID: country, stateID: state, carrierID: carrier, groupID: group, customerID: customer, cartRules: rules)
    }

    private static func integer(_ value: Any?, _ path: String, minimum: Int) throws(CartFileError) -> Int {
        let number: Int?
        switch value {
        case let int as Int: number = int
        case let text as String: number = Int(text)
        default: number = nil
        }
        guard let number, number >= minimum else {
            throw CartFileError("\(path) must be a whole number of at least \(minimum), not \(value.map { "\($0)" } ?? "nothing")")
        }
        return number
    }

    private static func cartRule(_ object: [String: Any], at path: String) throws(CartFileError) -> CartRule {
        // Accept the object itself or the webservice's whole answer {"cart_rule": {...}}.
        let fields = (object["cart_rule"] as? [String: Any]) ?? object
        do {
            let data = try JSONSerialization.data(withJSONObject: ["cart_rule": fields])
            return try CartRule.one(in: WebserviceDocument(json: Array(data)))
        } catch let error as ModelError {
            throw CartFileError("\(path) is not a cart rule: \(error)")
        } catch {
            throw CartFileError("\(path) is not a cart rule: \(error)")
        }
    }
}

/// A cart file that cannot be read, saying what and where.
public struct CartFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
