import Amounts
import Foundation
import OrderKit
import Testing
import TestSupport
import WebTestSupport
@testable import WebCore
@testable import OrdersWeb

/// The offline order form's totals (`static/orders/totals.js`, issue 42) against OrderKit's:
/// vectors made here by OrderKit itself (`OrderTotals`, `VATSummary`), read by the browser
/// module under Node. The module mirrors the rules; this is what keeps it honest.
@Suite(.enabled(if: NodeRunner.path != nil || ProcessInfo.processInfo.environment["CI"] != nil, "node is not installed: .ci/run installs it"))
struct OrderTotalsVectorTests {
    struct Line: Encodable {
        let price: String
        let quantity: Int
        let discount: String
        let vatHundredths: Int
    }

    struct Expected: Encodable {
        let gross, discount, net, total: Int
        let vat: [[Int]]
    }

    struct Vector: Encodable {
        let name: String
        let lines: [Line]
        let expected: Expected
    }

    static func vector(_ name: String, _ lines: [OrderLine]) throws -> Vector {
        let totals = try OrderTotals(lines: lines)
        let summary = try #require(VATSummary(lines: try lines.map { (try $0.total(), $0.vatRate) }))
        return Vector(
            name: name,
            lines: lines.map { Line(price: $0.unitPrice.plainText, quantity: $0.quantity, discount: DiscountCascade.text($0.discountLevels), vatHundredths: $0.vatRate.hundredths) },
            expected: Expected(
                gross: totals.gross.cents, discount: totals.discount.cents, net: totals.net.cents, total: summary.total.cents,
                vat: summary.rows.map { [$0.rate.hundredths, $0.taxable.cents, $0.tax.cents] }))
    }

    /// Levels as text ("33.33"): a Decimal made from a Double literal is not 33.33.
    static func line(_ price: String, _ quantity: Int, _ levels: [String] = [], vat: Int = 2200) throws -> OrderLine {
        OrderLine(
            productID: nil, productCode: "P", description: "line", quantity: quantity, unitPrice: try #require(UnitPrice(price)),
            discountLevels: try levels.map { try #require(Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))) },
            vatRate: try #require(VATRate(hundredths: vat)))
    }

    /// The cases the rules were written for, then 400 seeded random orders.
    static func vectors() throws -> [Vector] {
        var vectors = [
            // LinePricing's own example: €0.99 × 100 at 10+5+2 is €82.95, rounded once.
            try vector("cascade rounded once", [try line("0.99", 100, ["10", "5", "2"])]),
            try vector("six-decimal price list", [try line("0.0325", 1_000), try line("1.234567", 3, ["2.5"]), try line("12.000001", 7)]),
            try vector("a typed price and discount (overrides)", [try line("19.99", 2, ["33.33"]), try line("4.5", 11, ["50", "50", "50"])]),
            try vector("half a cent rounds up", [try line("0.005", 1), try line("0.015", 1), try line("0.025", 3)]),
            try vector("a free line and a full discount", [try line("0", 5), try line("7.77", 3, ["100"])]),
            try vector("four VAT rates", [try line("100", 1, vat: 2200), try line("100", 1, vat: 1000), try line("100", 1, vat: 400), try line("100", 1, vat: 0)]),
            try vector("a quantity of zero", [try line("3.21", 0, ["10"])]),
        ]
        var random = SeededGenerator(seed: 42)
        let rates = [2200, 1000, 500, 400, 0]
        for number in 1...400 {
            let lines = try (0..<Int.random(in: 1...8, using: &random)).map { _ -> OrderLine in
                let micros = Int.random(in: 0...2_000_000_000, using: &random)
                let price = try #require(UnitPrice(micros: Bool.random(using: &random) ? micros : micros / 10_000 * 10_000))
                let levels = (0..<Int.random(in: 0...3, using: &random)).map { _ in Decimal(Int.random(in: 0...10_000, using: &random)) / 100 }
                return OrderLine(
                    productID: nil, productCode: "P", description: "line", quantity: Int.random(in: 0...500, using: &random), unitPrice: price,
                    discountLevels: levels, vatRate: try #require(VATRate(hundredths: rates.randomElement(using: &random)!)))
            }
            vectors.append(try vector("random \(number)", lines))
        }
        return vectors
    }

    @Test func theDevicesTotalsAreOrderKits() throws {
        let node = try #require(NodeRunner.path, "node is not installed")
        let module = try #require(WebModuleResources.ordersWeb.folder?.appendingPathComponent("static/orders/totals.js"))
        let vectors = try Self.vectors()
        let answer = try NodeRunner.check(vectors, node: node, script: NodeRunner.checker(module: module))
        #expect(answer["checked"] as? Int == vectors.count)
        let mismatches = answer["mismatches"] as? [Any] ?? ["unreadable"]
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

extension NodeRunner {
    /// Reads the vectors, prices each order with the module, and prints what differs.
    static func checker(module: URL) -> String {
        """
        import { readFileSync } from "node:fs";
        import { priceMicros, levelsHundredths, orderTotals } from \(literal(module));
        const vectors = JSON.parse(readFileSync(process.argv[2], "utf8"));
        const mismatches = [];
        for (const vector of vectors) {
          const lines = vector.lines.map((line) => ({
            micros: priceMicros(line.price), quantity: line.quantity, levels: levelsHundredths(line.discount), vatHundredths: line.vatHundredths,
          }));
          const totals = orderTotals(lines);
          const got = {
            gross: Number(totals.gross), discount: Number(totals.discount), net: Number(totals.net), total: Number(totals.total),
            vat: totals.vat.map((row) => [Number(row.rate), Number(row.taxable), Number(row.tax)]),
          };
          const differs = ["gross", "discount", "net", "total", "vat"].some((key) => JSON.stringify(got[key]) !== JSON.stringify(vector.expected[key]));
          if (differs) mismatches.push({ name: vector.name, got, expected: vector.expected });
        }
        console.log(JSON.stringify({ checked: vectors.length, mismatches }));
        """
    }
}
