import OrderKit
import Foundation

/// Why a sheet could not be imported as master data.
public enum MasterDataImportError: Error, Sendable, Hashable, LocalizedError {
    /// Required columns not found; `headingsFound` are the sheet's headings, as written.
    case missingColumns(kind: MasterDataKind, missing: [MasterDataField], headingsFound: [String])
    /// Two columns carry the same heading for one field, e.g. two "Prezzo" columns.
    case ambiguousColumns(field: MasterDataField, columns: [String])
    /// The sheet has a header but no record under it.
    case noRecords
    /// Every bad cell, row by row (nothing is imported while any is bad).
    case invalidCells([MasterDataProblem])

    /// The short, stable reason the API and the CLI report.
    public var code: String {
        switch self {
        case .missingColumns: "missing columns"
        case .ambiguousColumns: "ambiguous columns"
        case .noRecords: "no records"
        case .invalidCells: "invalid cells"
        }
    }

    /// At most this many problems are spelt out in the message; all are in the error.
    public static let problemsInMessage = 20

    public var errorDescription: String? {
        switch self {
        case .missingColumns(let kind, let missing, let found):
            let names = missing.map { "“\($0.displayName)”" }.joined(separator: ", ")
            let headings = found.filter { !$0.isEmpty }.map { "“\($0)”" }.joined(separator: ", ")
            return "the \(kind.sheetName) sheet needs the column\(missing.count == 1 ? "" : "s") \(names); the headings found are \(headings.isEmpty ? "none" : headings)"
        case .ambiguousColumns(let field, let columns):
            return "the columns \(columns.joined(separator: " and ")) both look like “\(field.displayName)”: rename or remove one"
        case .noRecords:
            return "the sheet has headings but no records under them"
        case .invalidCells(let problems):
            var lines = problems.prefix(Self.problemsInMessage).map(\.description)
            if problems.count > Self.problemsInMessage { lines.append("and \(problems.count - Self.problemsInMessage) more") }
            return "\(problems.count) cell\(problems.count == 1 ? " needs" : "s need") correcting, nothing was imported:\n" + lines.joined(separator: "\n")
        }
    }
}

extension MasterDataKind {
    /// "customers", for messages.
    var sheetName: String {
        switch self {
        case .customer: "customers"
        case .supplier: "suppliers"
        case .product: "products"
        case .discount: "discounts"
        }
    }
}
