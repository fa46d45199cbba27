import Foundation
import OrderKit
import Testing
import TestSupport
import WebTestSupport
@testable import WebCore
@testable import OrdersWeb

/// Which discount a line takes on the device (`static/orders/discounts.js`, issue 42) against
/// OrderKit's `DiscountResolution.applicable`, on seeded random sets of discounts the records'
/// JSON twin would carry, under Node.
@Suite(.enabled(if: NodeRunner.path != nil || ProcessInfo.processInfo.environment["CI"] != nil, "node is not installed: .ci/run installs it"))
struct DiscountVectorTests {
    struct Record: Encodable {
        let id: Int64
        let supplierID: Int64
        let customerID: Int64
        let productID: Int64?
        let levels: String
        let readOnly: Bool
    }

    struct Vector: Encodable {
        let discounts: [Record]
        let supplierID, customerID, productID: Int64
        /// The id of the discount OrderKit picks; nil for none.
        let expected: Int64?
    }

    @Test func theDeviceTakesTheDiscountOrderKitTakes() throws {
        let node = try #require(NodeRunner.path, "node is not installed")
        let module = try #require(WebModuleResources.ordersWeb.folder?.appendingPathComponent("static/orders/discounts.js"))
        var random = SeededGenerator(seed: 7)
        var vectors: [Vector] = []
        for _ in 0..<500 {
            let discounts = (1...Int64.random(in: 1...8, using: &random)).map { id in
                Discount(
                    id: id, supplierID: .random(in: 1...2, using: &random), customerID: .random(in: 1...2, using: &random),
                    productID: Bool.random(using: &random) ? nil : .random(in: 1...3, using: &random), levels: [Decimal(Int.random(in: 1...50, using: &random))],
                    origin: Bool.random(using: &random) ? .local : .synced(company: "ACME", remoteID: "R\(id)"))
            }.shuffled(using: &random)
            let (supplier, customer, product) = (Int64.random(in: 1...2, using: &random), Int64.random(in: 1...2, using: &random), Int64.random(in: 1...3, using: &random))
            vectors.append(Vector(
                discounts: discounts.map {
                    Record(id: $0.id ?? 0, supplierID: $0.supplierID, customerID: $0.customerID, productID: $0.productID,
                           levels: DiscountCascade.text($0.levels), readOnly: $0.origin.isReadOnly)
                },
                supplierID: supplier, customerID: customer, productID: product,
                expected: DiscountResolution.applicable(in: discounts, supplierID: supplier, customerID: customer, productID: product)?.id))
        }
        let answer = try NodeRunner.check(vectors, node: node, script: """
            import { readFileSync } from "node:fs";
            import { applicableDiscount } from \(NodeRunner.literal(module));
            const vectors = JSON.parse(readFileSync(process.argv[2], "utf8"));
            const mismatches = vectors.filter((v) => {
              const found = applicableDiscount(v.discounts, v.supplierID, v.customerID, v.productID);
              return (found ? found.id : null) !== (v.expected ?? null);
            });
            console.log(JSON.stringify({ checked: vectors.length, mismatches: mismatches.slice(0, 5) }));
            """)
        #expect(answer["checked"] as? Int == vectors.count)
        #expect((answer["mismatches"] as? [Any])?.isEmpty == true, "\(answer["mismatches"] ?? "")")
        #expect(vectors.contains { $0.expected != nil } && vectors.contains { $0.expected == nil }, "both outcomes drawn")
    }
}
