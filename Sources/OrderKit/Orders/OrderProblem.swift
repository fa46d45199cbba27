import Amounts
import Foundation

/// One reason an order cannot be sent yet, named so the agent can find and fix it: lines are
/// numbered from 1 as the order form shows them, with the product code.
public enum OrderProblem: Sendable, Hashable, LocalizedError {
    case noCustomer
    case noSupplier
    case noLines
    /// The quantity is 0 (or less): an order line orders at least one piece.
    case quantityBelowOne(line: Int, productCode: String, quantity: Int)
    /// The product's price list sets a minimum quantity ("quantità minima") above the line's.
    case quantityBelowMinimum(line: Int, productCode: String, quantity: Int, minimum: Int)
    /// The line's product belongs to another supplier than the order's (the supplier was changed
    /// after the line was added).
    case productOfAnotherSupplier(line: Int, productCode: String)
    /// The line's product is no longer in the price list (deleted, or removed by a sync): its
    /// minimum and supplier cannot be checked, and the supplier may no longer sell it.
    case productNotInPriceList(line: Int, productCode: String)
    /// The line's discount or amount is not valid (`PricingError`).
    case unpriceable(line: Int, productCode: String, PricingError)
    /// The product's price is "on request" (0 in the price list) and the agent has not typed one.
    case priceOnRequest(line: Int, productCode: String)
    /// Every line is valid but their sum exceeds `Money.maximum`.
    case totalTooLarge

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .noCustomer: "no customer"
        case .noSupplier: "no supplier"
        case .noLines: "no lines"
        case .quantityBelowOne: "quantity below one"
        case .quantityBelowMinimum: "quantity below minimum"
        case .productOfAnotherSupplier: "product of another supplier"
        case .productNotInPriceList: "product not in price list"
        case .unpriceable: "unpriceable line"
        case .priceOnRequest: "price on request"
        case .totalTooLarge: "total too large"
        }
    }

    /// The 1-based line the problem is on; nil for the order's header.
    public var line: Int? {
        switch self {
        case .noCustomer, .noSupplier, .noLines, .totalTooLarge: nil
        case .quantityBelowOne(let line, _, _), .quantityBelowMinimum(let line, _, _, _), .productOfAnotherSupplier(let line, _),
             .productNotInPriceList(let line, _), .unpriceable(let line, _, _), .priceOnRequest(let line, _): line
        }
    }

    public var errorDescription: String? {
        switch self {
        case .noCustomer:
            "the order has no customer: choose one"
        case .noSupplier:
            "the order has no supplier: choose one"
        case .noLines:
            "the order has no lines: add at least one product"
        case .quantityBelowOne(let line, let code, let quantity):
            "line \(line) (\(code)): the quantity is \(quantity); order at least 1"
        case .quantityBelowMinimum(let line, let code, let quantity, let minimum):
            "line \(line) (\(code)): the quantity is \(quantity), below the minimum of \(minimum)"
        case .productOfAnotherSupplier(let line, let code):
            "line \(line) (\(code)): the product belongs to another supplier than the order's; remove the line or change the supplier"
        case .productNotInPriceList(let line, let code):
            "line \(line) (\(code)): the product is no longer in the price list; remove the line or replace the product"
        case .unpriceable(let line, let code, let error):
            "line \(line) (\(code)): " + (error.errorDescription ?? error.code)
        case .priceOnRequest(let line, let code):
            "line \(line) (\(code)): the price is on request; type the price agreed with the customer"
        case .totalTooLarge:
            "the order's total would exceed \(Money.maximum.formatted): split it into several orders"
        }
    }
}

/// An order refused for sending, with every problem found (not only the first).
public struct OrderValidationError: Error, Sendable, Hashable, LocalizedError {
    public var problems: [OrderProblem]

    public init(problems: [OrderProblem]) { self.problems = problems }

    /// The first problem's code: what the API reports as the error's code.
    public var code: String { problems.first?.code ?? "invalid order" }

    public var errorDescription: String? {
        "the order cannot be sent: " + problems.map { $0.errorDescription ?? $0.code }.joined(separator: "; ")
    }
}
