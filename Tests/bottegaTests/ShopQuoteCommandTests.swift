import Foundation
import Testing

/// `bottega shop quote`: a cart's totals on the PrestaShop 8.1.2 replay, in the fixed JSON
/// shape, and every bad cart refused with where it is wrong.
@Suite(Fixtures.required)
struct ShopQuoteCommandTests {
    static let replay = Fixtures.root.appendingPathComponent("prestashop/ps-8.1.2-live").path

    static func write(_ json: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cart-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    /// Recorded cart rule 1 (`cart_rules/1?output_format=JSON`, the object's fields).
    static func welcome5() throws -> String {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("prestashop/ps-8.1.2-live/responses/items/cart_rules/all_full_json.json"))
        let rules = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cart_rules"] as? [[String: Any]])
        return String(decoding: try JSONSerialization.data(withJSONObject: rules[0]), as: UTF8.self)
    }

    @Test func theRecordedOrderCartWithTheWelcomeVoucher() throws {
        // Order 9's lines to Milan by carrier 2 (PrestaShop stored 83.06 + 8.54 = 91.60), with
        // WELCOME5: 5.00 tax incl. off, from 50.00; every line is taxed 22 %, so 5 / 1.22 = 4.10 excl.
        let cart = try Self.write("""
            {"lines": [{"product": 1, "combination": 2, "quantity": 1}, {"product": 6, "combination": 0, "quantity": 1},
              {"product": 16, "combination": 29, "quantity": 3}],
             "delivery": {"country": 10, "state": 0}, "carrier": 2, "group": 3, "cartRules": [\(try Self.welcome5())]}
            """)
        let run = try CommandLineRun.bottega("shop", "quote", "--shop-replay", Self.replay, "--cart", cart, "--at", "2026-11-27 09:00:00")
        #expect(run.status == 0, "\(run.standardError)")
        let quote = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(quote["totalProductsTaxIncl"] as? String == "83.06")
        #expect(quote["totalShippingTaxIncl"] as? String == "8.54")
        #expect(quote["totalDiscountsTaxIncl"] as? String == "5.00")
        #expect(quote["totalDiscountsTaxExcl"] as? String == "4.10")
        #expect(quote["totalPaidTaxIncl"] as? String == "86.60")
        #expect(quote["totalPaidTaxExcl"] as? String == "70.98")
        let lines = try #require(quote["lines"] as? [[String: Any]])
        #expect(lines.count == 3)
        #expect(lines[1]["unitPriceTaxExcl"] as? String == "10.260656")
    }

    @Test func aVoucherBelowItsMinimumOrOutOfDateIsNotAppliedAndSaysWhy() throws {
        let cart = try Self.write("""
            {"lines": [{"product": 6, "combination": 0, "quantity": 1}], "delivery": {"country": 10, "state": 0}, "carrier": 2, "group": 3,
             "cartRules": [\(try Self.welcome5())]}
            """)
        let run = try CommandLineRun.bottega("shop", "quote", "--shop-replay", Self.replay, "--cart", cart, "--at", "2026-11-27 09:00:00")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"totalDiscountsTaxIncl\" : \"0.00\""))
        #expect(run.standardError.contains("minimum amount"), "\(run.standardError)")
        let late = try CommandLineRun.bottega("shop", "quote", "--shop-replay", Self.replay, "--cart", cart, "--at", "2031-01-01 00:00:00")
        #expect(late.standardError.contains("expired"), "\(late.standardError)")
    }

    @Test func badCartsAndShopsAreRefusedWithWhereTheyAreWrong() throws {
        let cases: [(String, String)] = [
            ("not json", "not JSON"),
            ("{\"lines\": [], \"delivery\": {\"country\": 10}, \"carrier\": 2}", "\"lines\" must be a non-empty list"),
            ("{\"lines\": [{\"product\": 1, \"quantity\": 0}], \"delivery\": {\"country\": 10}, \"carrier\": 2}", "lines[0].quantity"),
            ("{\"lines\": [{\"product\": 1, \"quantity\": 1}], \"carrier\": 2}", "\"delivery\""),
            ("{\"lines\": [{\"product\": 9999, \"quantity\": 1}], \"delivery\": {\"country\": 10}, \"carrier\": 2}", "product 9999"),
            ("{\"lines\": [{\"product\": 1, \"combination\": 29, \"quantity\": 1}], \"delivery\": {\"country\": 10}, \"carrier\": 2}", "combination 29"),
            ("{\"lines\": [{\"product\": 6, \"quantity\": 1}], \"delivery\": {\"country\": 10}, \"carrier\": 2, \"cartRules\": [{\"id\": \"x\"}]}", "cartRules[0]"),
        ]
        for (json, message) in cases {
            let run = try CommandLineRun.bottega("shop", "quote", "--shop-replay", Self.replay, "--cart", try Self.write(json))
            #expect(run.status != 0, "\(json)")
            #expect(run.standardError.contains(message), "\(json): \(run.standardError)")
        }
        let neither = try CommandLineRun.bottega("shop", "quote", "--cart", try Self.write("{}"))
        #expect(neither.status != 0 && neither.standardError.contains("--shop-replay"))
    }
}
