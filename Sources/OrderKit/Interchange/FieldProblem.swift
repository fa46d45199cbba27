import Foundation

/// What is wrong with one field of a `||` record, a JSON change or a record to encode: which
/// field (its name and its 1-based position in the thesis's order), the value found and why
/// it was refused. Sync lines, files and the change feed wrap it with where it was found.
public struct FieldProblem: Error, LocalizedError, Sendable, Hashable {
    public enum Reason: String, Error, Sendable, Hashable {
        /// A required field is empty or only spaces.
        case required
        /// The supplier's e-mail has no "@" with text on both sides, or contains spaces.
        case notAnEmailAddress
        /// Not a price such as "12.50", "12,50", "1.234,50" or "0,0325" (no sign, at most six decimals).
        case notAPrice
        /// Not a whole number of pieces.
        case notAQuantity
        /// A minimum quantity of 0: every order line has at least one piece.
        case quantityBelowOne
        /// Not a percentage such as "10", "2.5" or "2,5".
        case notAPercentage
        /// A discount level above 100 %.
        case percentageAbove100
        /// A discount level with more than two decimals ("2.555").
        case moreThanTwoDecimals
        /// A discount level given while an earlier one is empty ("10||2"): which was meant?
        case levelAfterEmptyLevel
        /// A discount with more than three levels, which the format has no fields for (when writing).
        case tooManyLevels
    }

    /// The field's name as the error messages show it, e.g. "price".
    public let field: String
    /// 1-based position of the field in its record (see ``ThesisFieldOrder``).
    public let position: Int
    /// The text found (empty for a missing value).
    public let value: String
    public let reason: Reason

    public init(field: String, position: Int, value: String, reason: Reason) {
        self.field = field
        self.position = position
        self.value = value
        self.reason = reason
    }

    /// A stable identifier for programs, e.g. `field.notAPrice`.
    public var code: String { "field." + reason.rawValue }

    /// "field 4 (price): “12,5,0” is not a price such as 12.50 or 12,50".
    public var message: String {
        let shown = "“\(value)”"
        let what = switch reason {
        case .required: "is required and empty"
        case .notAnEmailAddress: "\(shown) is not an e-mail address such as ordini@example.it"
        case .notAPrice: "\(shown) is not a price such as 12,50, 1.234,50 or 0,0325 (no sign, at most six decimals)"
        case .notAQuantity: "\(shown) is not a whole number of pieces"
        case .quantityBelowOne: "\(shown) is below 1: an order line has at least one piece"
        case .notAPercentage: "\(shown) is not a percentage such as 10, 2.5 or 2,5"
        case .percentageAbove100: "\(shown) is above 100 %"
        case .moreThanTwoDecimals: "\(shown) has more than two decimals"
        case .levelAfterEmptyLevel: "\(shown) follows an empty level: fill the levels in order"
        case .tooManyLevels: "is followed by \(shown): a discount has at most \(Discount.maximumLevels) levels"
        }
        return "field \(position) (\(field)) \(what)"
    }

    public var errorDescription: String? { "The " + message + "." }
}
