import Amounts
import Foundation

/// Master data as an agent types it into a form: a price written the Italian way ("49,90") or
/// the English way ("49.90"), a minimum quantity, discount levels such as "10+5+2". Each parser
/// either returns the exact value or says which field is wrong and how to write it, so a
/// screen (or an app on another platform) can show the form again with that message.
public enum MasterDataInput {
    /// A price in euro, the Italian or the international way, up to six decimals ("49,90",
    /// "1.234,50", "1,234.50", "0,0325", "12"); a "€" before or after and spaces around are
    /// allowed (see `UnitPrice.init(_:)`). Never a `Double`.
    public static func price(_ text: String) throws(MasterDataInputError) -> UnitPrice {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("€") { trimmed = String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces) }
        if trimmed.hasSuffix("€") { trimmed = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard !trimmed.isEmpty else { throw MasterDataInputError(field: .price, problem: .missing) }
        guard let price = UnitPrice(trimmed) else { throw MasterDataInputError(field: .price, problem: .notAPrice(text)) }
        return price
    }

    /// A whole number of at least 1; empty is 1 (the thesis's default: any quantity).
    public static func minimumQuantity(_ text: String) throws(MasterDataInputError) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return 1 }
        guard trimmed.allSatisfy(\.isASCIIDigitCharacter), let value = Int(trimmed), value >= 1 else {
            throw MasterDataInputError(field: .minimumQuantity, problem: .notAMinimumQuantity(text))
        }
        return value
    }

    /// One to three cascaded percentages, "10+5+2", "2,5" or "10 % + 5 %": each 0…100 with at
    /// most two decimals. Checked here as the discount itself checks them (`validateLevels`).
    /// A line's discount as typed on the order: blank means none, else as `discountLevels(_:)`.
    public static func lineDiscount(_ text: String) throws(MasterDataInputError) -> [Decimal] {
        text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : try discountLevels(text)
    }

    public static func discountLevels(_ text: String) throws(MasterDataInputError) -> [Decimal] {
        let compact = text.filter { !$0.isWhitespace && $0 != "%" }
        guard !compact.isEmpty else { throw MasterDataInputError(field: .discountLevels, problem: .missing) }
        var levels: [Decimal] = []
        for part in compact.split(separator: "+", omittingEmptySubsequences: false) {
            // The comma is the Italian decimal separator; `DiscountCascade` reads points only.
            let normalised = part.replacingOccurrences(of: ",", with: ".")
            guard let parsed = DiscountCascade.levels(fromText: normalised), parsed.count == 1 else {
                throw MasterDataInputError(field: .discountLevels, problem: .notDiscountLevels(text))
            }
            levels += parsed
        }
        do throws(PricingError) {
            try Discount(supplierID: 0, customerID: 0, levels: levels).validateLevels()
        } catch {
            throw MasterDataInputError(field: .discountLevels, problem: .invalidLevels(error))
        }
        return levels
    }
}

/// A form field an agent typed that cannot be stored as it is, naming the field and saying
/// what to write instead.
public struct MasterDataInputError: Error, Sendable, Hashable, LocalizedError {
    public enum Field: String, Sendable, Hashable {
        case price, minimumQuantity, discountLevels

        /// The field as the forms label it.
        public var label: String {
            switch self {
            case .price: "price"
            case .minimumQuantity: "minimum quantity"
            case .discountLevels: "discount levels"
            }
        }
    }

    public enum Problem: Sendable, Hashable {
        case missing
        case notAPrice(String)
        case notAMinimumQuantity(String)
        case notDiscountLevels(String)
        case invalidLevels(PricingError)
    }

    public var field: Field
    public var problem: Problem

    public init(field: Field, problem: Problem) {
        self.field = field
        self.problem = problem
    }

    /// The short, stable reason the API reports.
    public var code: String {
        switch problem {
        case .missing: "missing field"
        case .notAPrice: "bad price"
        case .notAMinimumQuantity: "bad minimum quantity"
        case .notDiscountLevels: "bad discount levels"
        case .invalidLevels(let error): error.code
        }
    }

    public var errorDescription: String? {
        switch problem {
        case .missing where field == .discountLevels:
            "The discount levels are required: write one to three percentages, such as 10 or 10+5+2."
        case .missing:
            "The \(field.label) is required: write it, such as 49,90."
        case .notAPrice(let text):
            "The price “\(text)” is not an amount in euro: write it such as 49,90, 1.234,50 or 0,0325 (at most six decimals)."
        case .notAMinimumQuantity(let text):
            "The minimum quantity “\(text)” is not a whole number of at least 1: write it such as 1 or 6."
        case .notDiscountLevels(let text):
            "The discount levels “\(text)” cannot be read: write one to three percentages joined by +, such as 10+5+2 or 2,5."
        case .invalidLevels(let error):
            "The discount levels are not valid: " + (error.errorDescription ?? error.code) + "."
        }
    }
}
