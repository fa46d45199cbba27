import Foundation

/// Why one line of an agent's `||` file was refused (1-based line number, blank lines counted).
public struct MasterDataFileLineError: Error, LocalizedError, Sendable, Hashable {
    public enum Problem: Sendable, Hashable {
        /// The line's bytes are not UTF-8 (a file saved as Windows-1252, say).
        case notUTF8
        /// No `||` after the kind.
        case missingSeparator
        /// The kind is not `fornitore`, `cliente` or `prodotto`.
        case unknownKind(String)
        /// `sconto`: discounts are not exchanged in these files.
        case discountNotInFiles
        case wrongFieldCount(kind: MasterDataKind, expected: Int, found: Int)
        case invalidField(kind: MasterDataKind, FieldProblem)
        /// A field holds a single `|`, which the format cannot carry. 1-based.
        case separatorInField(position: Int, value: String)
        /// A `prodotto` line with no `fornitore` line above it to belong to.
        case productWithoutSupplier(code: String)
    }

    public let line: Int
    public let problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// A stable identifier, e.g. `file.line.wrongFieldCount` or `file.line.field.notAPrice`.
    public var code: String {
        switch problem {
        case .notUTF8: "file.line.notUTF8"
        case .missingSeparator: "file.line.missingSeparator"
        case .unknownKind: "file.line.unknownKind"
        case .discountNotInFiles: "file.line.discountNotInFiles"
        case .wrongFieldCount: "file.line.wrongFieldCount"
        case .invalidField(_, let field): "file.line." + field.code
        case .separatorInField: "file.line.separatorInField"
        case .productWithoutSupplier: "file.line.productWithoutSupplier"
        }
    }

    public var errorDescription: String? {
        let detail = switch problem {
        case .notUTF8: "the text is not UTF-8; save the file as UTF-8 and import it again"
        case .missingSeparator: "expected a type, then || and the fields separated by ||, e.g. cliente||Caffè Rossi||…"
        case .unknownKind(let token): "unknown type “\(token)”: expected fornitore, cliente or prodotto"
        case .discountNotInFiles: "discounts (sconto) are not imported from || files; they come with the company's sync"
        case .wrongFieldCount(let kind, let expected, let found): "a \(kind.rawValue) has \(expected) fields separated by ||, found \(found)"
        case .invalidField(let kind, let field): "\(kind.rawValue) " + field.message
        case .separatorInField(let position, let value): "field \(position) “\(value)” contains a | of its own, which the format cannot carry"
        case .productWithoutSupplier(let code):
            "product “\(code)” has no supplier: a prodotto line belongs to the fornitore line above it, and there is none"
        }
        return "Line \(line): \(detail)."
    }
}

/// Why an import file was refused as a whole: every bad line. Nothing was imported.
public struct MasterDataFileRejection: Error, LocalizedError, Sendable, Hashable {
    /// In line order.
    public let errors: [MasterDataFileLineError]

    public init(errors: [MasterDataFileLineError]) { self.errors = errors }

    public var code: String { "file.rejected" }

    public var errorDescription: String? {
        let shown = errors.prefix(20).compactMap(\.errorDescription).joined(separator: " ")
        let more = errors.count > 20 ? " … and \(errors.count - 20) more." : ""
        return "Nothing was imported: \(errors.count) line" + (errors.count == 1 ? " is" : "s are") + " not valid. " + shown + more
    }
}

/// Why the agent's data could not be written as a `||` file.
public enum MasterDataFileExportError: Error, LocalizedError, Sendable, Hashable {
    /// A product's `supplierID` is not the `id` of any supplier given.
    case unknownSupplier(productCode: String, supplierID: Int64)
    /// A value the format cannot carry or the reader would refuse.
    case encoding(InterchangeEncodingError)

    public var code: String {
        switch self {
        case .unknownSupplier: "file.export.unknownSupplier"
        case .encoding(let error): error.code
        }
    }

    public var errorDescription: String? {
        switch self {
        case .unknownSupplier(let code, let id):
            "Product “\(code)” belongs to supplier \(id), which is not among the suppliers exported: export its supplier too."
        case .encoding(let error):
            error.errorDescription
        }
    }
}
