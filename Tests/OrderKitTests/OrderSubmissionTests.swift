import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

struct OrderSubmissionTests {
    static func submission(lines: [OrderLine], supplierEmail: String = "ordini@fornitore.it") throws -> OrderSubmission {
        OrderSubmission(
            order: Order(lines: lines, date: Date(timeIntervalSince1970: 1_800_000_000)),
            customer: Customer(companyName: "Caffè Società Cooperativa", email: "acquisti@caffesocieta.it", city: "Forlì"),
            supplier: Supplier(name: "Mobilificio Città di Castello", email: supplierEmail),
            agent: Agent(name: "Mario Rossi", email: "mario.rossi@example.it")
        )
    }

    @Test func aCompleteOrderHasNoProblems() throws {
        let line = OrderLine(productID: 1, productCode: "SEDIA-01", description: "Sedia", quantity: 4, unitPrice: try #require(Money("49.90")), discountLevels: [10, 5, 2])
        #expect(try Self.submission(lines: [line]).problems.isEmpty)
    }

    @Test func everyProblemIsNamed() throws {
        let zero = OrderLine(productID: 1, productCode: "SEDIA-01", description: "Sedia", quantity: 0, unitPrice: try #require(Money("49.90")), discountLevels: [120])
        let problems = try Self.submission(lines: [zero], supplierEmail: "not an address").problems
        #expect(problems.contains { $0.contains("supplier's e-mail") })
        #expect(problems.contains { $0.contains("line 1 (SEDIA-01): quantity 0") })
        #expect(problems.contains { $0.contains("line 1 (SEDIA-01): discounts") })
        #expect(try Self.submission(lines: []).problems.contains("the order has no lines"))
    }

    @Test func itTravelsAsJSONUnchanged() throws {
        let line = OrderLine(productID: 1, productCode: "SEDIA-01", description: "Sedia «Forlì»", quantity: 4, unitPrice: try #require(Money("49.90")), discountLevels: [10, 5])
        let submission = try Self.submission(lines: [line])
        let decoded = try JSONDecoder().decode(OrderSubmission.self, from: try JSONEncoder().encode(submission))
        #expect(decoded == submission)
    }
}
