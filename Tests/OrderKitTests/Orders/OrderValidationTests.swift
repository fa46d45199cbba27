import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// Sending needs a customer, a supplier and lines whose quantities meet the price list; every
/// problem is reported, named by line number and product code.
@Suite struct OrderValidationTests {
    let customer = Customer(id: 1, companyName: "Caffè Società Cooperativa", city: "Forlì")
    let supplier = Supplier(id: 2, name: "Torrefazione Città di Castello", email: "ordini@torrefazione.example")
    let beans = Product(id: 10, code: "CAF-01", supplierID: 2, description: "Caffè in grani 1 kg", price: Money(cents: 1_250)!, minimumQuantity: 6)
    let cups = Product(id: 11, code: "TAZ-02", supplierID: 2, description: "Tazzine", price: Money(cents: 90)!)
    let foreign = Product(id: 12, code: "ZUC-03", supplierID: 3, description: "Zucchero", price: Money(cents: 150)!)

    var products: [Int64: Product] { [10: beans, 11: cups, 12: foreign] }

    private func line(_ product: Product, _ quantity: Int) -> OrderLine {
        OrderLine(productID: product.id, productCode: product.code, description: product.description, quantity: quantity, unitPrice: product.price)
    }

    private func order(_ lines: [OrderLine]) -> Order {
        Order(customerID: 1, supplierID: 2, lines: lines, date: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aCompleteOrderPasses() throws {
        let good = order([line(beans, 6), line(cups, 1)])
        #expect(OrderValidation.problems(in: good, customer: customer, supplier: supplier, products: products).isEmpty)
        #expect(throws: Never.self) { try OrderValidation.check(good, customer: customer, supplier: supplier, products: products) }
    }

    @Test func anEmptyDraftNamesCustomerSupplierAndLines() {
        let empty = Order(date: Date(timeIntervalSince1970: 0))
        let problems = OrderValidation.problems(in: empty, customer: nil, supplier: nil, products: [:])
        #expect(problems == [.noCustomer, .noSupplier, .noLines])
        #expect(problems.map(\.code) == ["no customer", "no supplier", "no lines"])
        // A customer id whose customer was deleted counts as none.
        #expect(OrderValidation.problems(in: order([line(cups, 1)]), customer: nil, supplier: supplier, products: products) == [.noCustomer])
    }

    @Test func quantitiesAreCheckedLineByLine() throws {
        let bad = order([line(cups, 2), line(beans, 5), line(cups, 0)])
        let problems = OrderValidation.problems(in: bad, customer: customer, supplier: supplier, products: products)
        #expect(problems == [
            .quantityBelowMinimum(line: 2, productCode: "CAF-01", quantity: 5, minimum: 6),
            .quantityBelowOne(line: 3, productCode: "TAZ-02", quantity: 0),
        ])
        #expect(problems[0].errorDescription == "line 2 (CAF-01): the quantity is 5, below the minimum of 6")
        #expect(problems[1].errorDescription == "line 3 (TAZ-02): the quantity is 0; order at least 1")
        #expect(problems.map(\.line) == [2, 3])
    }

    @Test func everyProductMustBeTheOrdersSuppliers() throws {
        var deletedProduct = line(cups, 1)
        deletedProduct.productID = nil
        let bad = order([line(foreign, 1), deletedProduct])
        let problems = OrderValidation.problems(in: bad, customer: customer, supplier: supplier, products: products)
        #expect(problems == [
            .productOfAnotherSupplier(line: 1, productCode: "ZUC-03"),
            .productNotInPriceList(line: 2, productCode: "TAZ-02"),
        ])
    }

    @Test func checkThrowsEveryProblemAtOnce() throws {
        let bad = Order(customerID: nil, supplierID: 2, lines: [line(beans, 1)], date: Date(timeIntervalSince1970: 0))
        do {
            try OrderValidation.check(bad, customer: nil, supplier: supplier, products: products)
            Issue.record("an order without a customer must be refused")
        } catch {
            #expect(error.problems == [.noCustomer, .quantityBelowMinimum(line: 1, productCode: "CAF-01", quantity: 1, minimum: 6)])
            #expect(error.code == "no customer")
            #expect(error.errorDescription == "the order cannot be sent: the order has no customer: choose one; line 1 (CAF-01): the quantity is 1, below the minimum of 6")
        }
    }

    @Test func anUnpriceableLineIsAProblem() throws {
        var bad = line(cups, 1)
        bad.discountLevels = [150]
        let problems = OrderValidation.problems(in: order([bad]), customer: customer, supplier: supplier, products: products)
        #expect(problems == [.unpriceable(line: 1, productCode: "TAZ-02", .levelOutOfRange(level: 1, value: 150))])
    }
}
