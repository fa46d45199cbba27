import Foundation
import HTTPClientTransport
import ShopKit
import ShopReplay
import Testing
import TestSupport

/// The PrestaShop 8.1.2 live recording (`ps-8.1.2-live`), served by the replay, and what the
/// recorded shop computed, read from its answers.
enum Live812 {
    static let folder = SharedFixtures.url("prestashop/ps-8.1.2-live")
    static let available = SharedFixtures.enabled("prestashop/ps-8.1.2-live/manifest.json")
    static let skipReason = Comment(rawValue: SharedFixtures.skipMessage("prestashop/ps-8.1.2-live"))
    /// The recording's own time (SOURCES.md), so dated rules are judged as the shop judged them.
    static let recordedAt = ShopDateTime("2026-11-27 08:38:00")!

    static func withShop(_ body: @Sendable (ShopFacade) async throws -> Void) async throws {
        try await ReplayFixtures.withShop(folder) { _, client, _ in try await body(ShopFacade(sender: client)) }
    }

    static func json(_ file: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file)))
    }

    static func cents(_ value: Double) -> String { String(format: "%.2f", value) }
    static func micros(_ value: Double) -> String { String(format: "%.6f", value) }

    struct RecordedOrder {
        struct Row {
            let product: Int
            let unitTaxExcl: String
            let unitTaxIncl: String
        }

        let id: Int
        let request: CartQuoteRequest
        /// Each total at 2 decimals, by the order's field name.
        let totals: [String: String]
        let rows: [Row]
    }

    /// The orders the recording placed and read back in JSON, with the address each was
    /// delivered to (from the recorded address answers) and the group of its customer.
    static func recordedOrders() throws -> [RecordedOrder] {
        let addresses = try recordedAddresses()
        let files = ["02_wrong_total_order_json", "05_correct_total_order_json", "15_florida_probe_order_json"]
        return try files.map { file in
            let order = (try json("responses/flows/order/\(file).json") as? [String: Any])?["order"] as? [String: Any] ?? [:]
            let rows = ((order["associations"] as? [String: Any])?["order_rows"] as? [[String: Any]]) ?? []
            let address = addresses[order["id_address_delivery"] as? Int ?? 0] ?? (0, 0)
            let request = CartQuoteRequest(
                lines: rows.map { CartQuoteRequest.Line(productID: $0["product_id"] as? Int ?? 0, combinationID: $0["product_attribute_id"] as? Int ?? 0, quantity: $0["product_quantity"] as? Int ?? 0) },
                countryID: address.country, stateID: address.state, carrierID: order["id_carrier"] as? Int ?? 0, groupID: 3,
                customerID: order["id_customer"] as? Int ?? 0)
            var totals: [String: String] = [:]
            for (name, value) in order where name.hasPrefix("total_") {
                if let text = value as? String, let number = Double(text) { totals[name] = cents(number) }
            }
            return RecordedOrder(
                id: order["id"] as? Int ?? 0, request: request, totals: totals,
                rows: rows.map { RecordedOrder.Row(product: $0["product_id"] as? Int ?? 0, unitTaxExcl: $0["unit_price_tax_excl"] as? String ?? "", unitTaxIncl: $0["unit_price_tax_incl"] as? String ?? "") })
        }
    }

    /// Address id → (country, state), from the addresses the flows created and listed.
    static func recordedAddresses() throws -> [Int: (country: Int, state: Int)] {
        let text = try String(contentsOf: folder.appendingPathComponent("responses/flows/address/06_get_addresses_of_customer.xml"), encoding: .utf8)
        var result: [Int: (Int, Int)] = [:]
        for block in text.components(separatedBy: "<address>").dropFirst() {
            func field(_ name: String) -> Int {
                guard let start = block.range(of: "<\(name)"), let open = block[start.upperBound...].range(of: "<![CDATA["),
                    let close = block[open.upperBound...].range(of: "]]>")
                else { return 0 }
                return Int(block[open.upperBound..<close.lowerBound]) ?? 0
            }
            result[field("id")] = (field("id_country"), field("id_state"))
        }
        return result
    }

    struct PriceCheck {
        let label: String
        let product: Int
        let combination: Int
        let countryID: Int
        let stateID: Int
        let groupID: Int
        let quantity: Int
        let options: PriceOptions
        let expected: String
    }

    /// One check per computed field of `prices/products_price_fields_json.json` and
    /// `prices/combinations_price_fields_json.json`, with the field's parameters read from the
    /// recorded request's URI.
    static func computedPriceChecks() throws -> [PriceCheck] {
        let manifest = try json("manifest.json") as? [[String: Any]] ?? []
        var checks: [PriceCheck] = []
        for (name, listKey) in [("prices/products_price_fields_json", "products"), ("prices/combinations_price_fields_json", "combinations")] {
            guard let entry = manifest.first(where: { $0["name"] as? String == name }), let uri = entry["uri"] as? String,
                let file = entry["response_body_file"] as? String
            else { continue }
            let parameters = priceParameters(uri)
            let records = ((try json(file) as? [String: Any])?[listKey] as? [[String: Any]]) ?? []
            for record in records {
                let isCombination = listKey == "combinations"
                let product = isCombination ? (record["id_product"] as? Int ?? 0) : (record["id"] as? Int ?? 0)
                let combination = isCombination ? (record["id"] as? Int ?? 0) : 0
                for (field, values) in parameters {
                    guard let text = record[field] as? String, let expected = Double(text) else { continue }
                    let country = values["country"].flatMap { Int($0) } ?? 21
                    checks.append(PriceCheck(
                        label: "\(listKey) \(record["id"] ?? "") \(field)", product: product, combination: combination, countryID: country,
                        stateID: values["state"].flatMap { Int($0) } ?? 0, groupID: values["group"].flatMap { Int($0) } ?? 3,
                        quantity: values["quantity"].flatMap { Int($0) } ?? 1,
                        options: PriceOptions(
                            withTax: values["use_tax"] != "0", decimals: values["decimals"].flatMap { Int($0) } ?? 2,
                            useReduction: values["use_reduction"] != "0", onlyReduction: values["only_reduction"] == "1", useGroupReduction: false),
                        expected: micros(expected)))
                }
            }
        }
        return checks
    }

    /// `price[NAME][KEY]=VALUE` parameters by name.
    static func priceParameters(_ uri: String) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for pair in (uri.split(separator: "?").last ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].hasPrefix("price["), let close = parts[0].firstIndex(of: "]") else { continue }
            let name = String(parts[0][parts[0].index(parts[0].startIndex, offsetBy: 6)..<close])
            let key = parts[0][parts[0].index(after: close)...].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            result[name, default: [:]][key] = parts[1]
        }
        return result
    }

    /// One pricing catalogue per country the checks name (tax rules are read per country).
    static func cataloguesByCountry(_ shop: ShopFacade, productIDs: [Int]) async throws -> [Int: PricingCatalogue] {
        var result: [Int: PricingCatalogue] = [:]
        for (country, state) in [(21, 0), (10, 0), (8, 0)] {
            var catalogue = try await shop.prices.catalogue(productIDs: productIDs, groupID: 4, countryID: country, stateID: state, carrierIDs: [])
            if country == 21 {
                for stateID in [5, 12] { catalogue.states[stateID] = try await shop.information.state(id: stateID) }
            }
            result[country] = catalogue
        }
        return result
    }
}
