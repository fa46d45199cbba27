import Amounts
import Foundation

/// What pricing refused: a discount that is not a valid cascade, or an amount Money cannot hold.
public enum PricingError: Error, Sendable, Hashable, LocalizedError {
    /// A discount needs one to three levels (`Discount.maximumLevels`); an order line may have none.
    case levelCount(Int)
    /// Level `level` (1-based) is below 0 or above 100 %.
    case levelOutOfRange(level: Int, value: Decimal)
    /// Level `level` (1-based) has more than two decimals ("2.505").
    case levelTooPrecise(level: Int, value: Decimal)
    case negativeQuantity(Int)
    /// A line's or an order's total would exceed `Money.maximum`.
    case amountTooLarge
    /// One of the above, on order line `line` (1-based, as the order form numbers them).
    indirect case onLine(Int, PricingError)

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .levelCount: "discount level count"
        case .levelOutOfRange: "discount level out of range"
        case .levelTooPrecise: "discount level too precise"
        case .negativeQuantity: "negative quantity"
        case .amountTooLarge: "amount too large"
        case .onLine(_, let error): error.code
        }
    }

    public var errorDescription: String? {
        switch self {
        case .levelCount(let count):
            "a discount has one to \(Discount.maximumLevels) levels (such as 10+5+2), not \(count)"
        case .levelOutOfRange(let level, let value):
            "discount level \(level) is \(value) %: each level is between 0 and 100 %"
        case .levelTooPrecise(let level, let value):
            "discount level \(level) is \(value) %: a level has at most two decimals, such as 2.5 or 12.75"
        case .negativeQuantity(let quantity):
            "the quantity is \(quantity): a quantity is never negative"
        case .amountTooLarge:
            "the amount would exceed \(Money.maximum.formatted): split the order"
        case .onLine(let line, let error):
            "line \(line): " + (error.errorDescription ?? error.code)
        }
    }
}
