import Amounts
/// The rules an order must meet before it is sent (the issue: "needs a customer, a supplier and
/// at least one line"; each line's quantity at least the product's minimum). Drafts may break
/// them while the agent types (the auto-save stores whatever was entered); sending may not.
public enum OrderValidation {
    /// Every problem of `order`, header first, then line by line; empty when it may be sent.
    ///
    /// - Parameters:
    ///   - customer: the order's customer as stored, nil when the order has none or it was deleted.
    ///   - supplier: likewise the order's supplier.
    ///   - products: the current price list's products by id, at least those the lines name.
    public static func problems(
        in order: Order, customer: Customer?, supplier: Supplier?, products: [Int64: Product]
    ) -> [OrderProblem] {
        var problems: [OrderProblem] = []
        if order.customerID == nil || customer == nil { problems.append(.noCustomer) }
        if order.supplierID == nil || supplier == nil { problems.append(.noSupplier) }
        if order.lines.isEmpty { problems.append(.noLines) }
        for (index, line) in order.lines.enumerated() {
            let number = index + 1
            let code = line.productCode
            if line.quantity < 1 { problems.append(.quantityBelowOne(line: number, productCode: code, quantity: line.quantity)) }
            if line.isFreeText {
                if line.unitPrice == UnitPrice.zero { problems.append(.priceOnRequest(line: number, productCode: code)) }
            } else if let id = line.productID, let product = products[id] {
                if line.unitPrice == UnitPrice.zero, !line.isPriceOverridden { problems.append(.priceOnRequest(line: number, productCode: code)) }
                if line.quantity >= 1, line.quantity < product.minimumQuantity {
                    problems.append(.quantityBelowMinimum(line: number, productCode: code, quantity: line.quantity, minimum: product.minimumQuantity))
                }
                if let supplierID = order.supplierID, !product.isOffered(bySupplier: supplierID, of: supplier?.origin) {
                    problems.append(.productOfAnotherSupplier(line: number, productCode: code))
                }
            } else {
                problems.append(.productNotInPriceList(line: number, productCode: code))
            }
            do throws(PricingError) {
                _ = try line.total()
            } catch {
                problems.append(.unpriceable(line: number, productCode: code, error))
            }
        }
        if problems.isEmpty {
            // Every line prices on its own, so only their sum can fail here.
            if (try? order.totals()) == nil { problems.append(.totalTooLarge) }
        }
        return problems
    }

    /// Throws every problem of `order` at once (`problems(in:…)`), or returns when it may be sent.
    public static func check(
        _ order: Order, customer: Customer?, supplier: Supplier?, products: [Int64: Product]
    ) throws(OrderValidationError) {
        let found = problems(in: order, customer: customer, supplier: supplier, products: products)
        guard found.isEmpty else { throw OrderValidationError(problems: found) }
    }
}
