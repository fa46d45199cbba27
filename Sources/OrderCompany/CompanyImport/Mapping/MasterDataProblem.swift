import OrderKit
/// One bad cell in a master-data sheet: where it is and what is wrong with it.
public struct MasterDataProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// A required value is empty.
        case missingValue
        /// Not an amount in euro with at most two decimals.
        case notAPrice
        /// Not a whole number of at least 1.
        case notAQuantity
        /// Not a percentage from 0 to 100 with at most two decimals.
        case notAPercentage
        /// A product's `Aliquota IVA` that is not a rate from 0 to 100 %.
        case notAVATRate
        /// A discount level given while the level before it is empty.
        case levelWithoutPrevious
        case notAnEmail
        /// The thesis's `||` sync lines separate fields with `|` and cannot escape it.
        case containsFieldSeparator
        /// The record id was already used on row `firstRow`.
        case duplicateRecordID(firstRow: Int)
        /// The cell names a supplier, customer or product the company does not have.
        case unknownReference(MasterDataKind)
        /// A discount's product is not in the discount's supplier's price list.
        case productOfAnotherSupplier
        /// Longer than `limit` characters (`MasterDataField.maximumLength`); `value` then holds its start only.
        case tooLong(limit: Int, length: Int)
    }

    /// The row as the user sees it.
    public var row: Int
    /// The column's letter ("C").
    public var column: String
    /// The column's heading as written in the sheet.
    public var heading: String
    public var value: String
    public var reason: Reason

    public init(row: Int, column: String, heading: String, value: String, reason: Reason) {
        self.row = row
        self.column = column
        self.heading = heading
        self.value = value
        self.reason = reason
    }

    public var description: String {
        if column == "—", case .unknownReference(let kind) = reason {
            return "“\(value)”, the supplier chosen for the whole file, is not one of the company's \(kind.sheetName): upload the suppliers first, or choose another"
        }
        let place = "row \(row), column \(column) (“\(heading)”)"
        switch reason {
        case .missingValue: return "\(place): empty, but every record needs it"
        case .notAPrice: return "\(place): “\(value)” is not a price in euro such as 12,50, 1.234,50 or 0,0325 (at most six decimals)"
        case .notAQuantity: return "\(place): “\(value)” is not a whole quantity of at least 1"
        case .notAPercentage: return "\(place): “\(value)” is not a discount from 0 to 100 such as 10 or 2.5"
        case .notAVATRate: return "\(place): “\(value)” is not a VAT rate such as 22, 10 or 4 (leave it empty for 22 %)"
        case .levelWithoutPrevious: return "\(place): a discount level needs the level before it"
        case .notAnEmail: return "\(place): “\(value)” is not an e-mail address such as ordini@example.it"
        case .containsFieldSeparator: return "\(place): “\(value)” contains “|”, which the sync format cannot carry"
        case .duplicateRecordID(let first): return "\(place): “\(value)” is already used on row \(first): add an id column, or keep one row per record"
        case .unknownReference(let kind):
            return "\(place): “\(value)” is not one of the company's \(kind.sheetName): upload the \(kind.sheetName) first, or correct the cell"
        case .productOfAnotherSupplier: return "\(place): the product “\(value)” is not in this discount's supplier's price list"
        case .tooLong(let limit, let length):
            return "\(place): “\(value)…” is \(length) characters long, more than the \(limit) this column may hold: shorten it"
        }
    }
}
