import Foundation

/// Why one line of a sync response was refused, and which line (1-based, blank lines counted).
public struct SyncLineError: Error, LocalizedError, Sendable, Hashable {
    public enum Problem: Sendable, Hashable {
        /// Not `op||kind||fields||company||id`: fewer `||` sections than that.
        case missingSections
        /// The first section is not `ins`, `upd` or `del`.
        case unknownOperation(String)
        /// The second section is not `fornitore`, `cliente`, `prodotto` or `sconto`.
        case unknownKind(String)
        /// The wrong number of fields for its kind between the type and the company code.
        case wrongFieldCount(kind: MasterDataKind, expected: Int, found: Int)
        /// A field holds a single `|` (what is left when a value contains one): the format has
        /// no escaping. `position` is 1-based among the fields.
        case separatorInField(position: Int, value: String)
        /// A `listino` line for a product the same response does not insert or update.
        case productSupplierWithoutProduct(productRemoteID: String)
        /// A `listino` line (a product's supplier) without exactly one field.
        case wrongProductSupplierFieldCount(found: Int)
        /// A field is missing or not a valid value.
        case invalidField(kind: MasterDataKind, FieldProblem)
        /// The line is for another company than the one being synced.
        case wrongCompany(found: String, expected: String)
        /// The last section, the company's record id, is empty.
        case emptyRecordID
        /// A `***` line: the server reports an error instead of data.
        case serverError(String)
    }

    public let line: Int
    public let problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// A stable identifier for programs and the JSON API, e.g. `sync.line.wrongFieldCount`.
    public var code: String {
        switch problem {
        case .missingSections: "sync.line.missingSections"
        case .unknownOperation: "sync.line.unknownOperation"
        case .unknownKind: "sync.line.unknownKind"
        case .wrongFieldCount: "sync.line.wrongFieldCount"
        case .separatorInField: "sync.line.separatorInField"
        case .wrongProductSupplierFieldCount: "sync.line.wrongFieldCount"
        case .productSupplierWithoutProduct: "sync.line.productSupplierWithoutProduct"
        case .invalidField(_, let field): "sync.line." + field.code
        case .wrongCompany: "sync.line.wrongCompany"
        case .emptyRecordID: "sync.line.emptyRecordID"
        case .serverError: "sync.line.serverError"
        }
    }

    public var errorDescription: String? {
        let detail = switch problem {
        case .missingSections:
            "expected <comando>||<tipo>||<dati>...||<codAzienda>||<idAzienda>, found fewer ||-separated fields"
        case .unknownOperation(let token):
            "unknown operation “\(token)”: expected ins, upd or del"
        case .unknownKind(let token):
            "unknown type “\(token)”: expected " + MasterDataKind.allCases.map(\.rawValue).joined(separator: ", ")
                + " or " + ThesisFieldOrder.productSupplierKind
        case .wrongFieldCount(let kind, let expected, let found):
            "a \(kind.rawValue) has \(expected) fields between its type and the company code, separated by ||, found \(found)"
        case .separatorInField(let position, let value):
            "field \(position) “\(value)” contains a | of its own, which the format cannot carry"
        case .productSupplierWithoutProduct(let product):
            "this \(ThesisFieldOrder.productSupplierKind) line names the supplier of product \(product), which the response does not send"
        case .wrongProductSupplierFieldCount(let found):
            "a \(ThesisFieldOrder.productSupplierKind) line has 1 field (the supplier's idAzienda), found \(found)"
        case .invalidField(let kind, let field):
            "\(kind.rawValue) " + field.message
        case .wrongCompany(let found, let expected):
            "the line is for company “\(found)”, not “\(expected)” being synced"
        case .emptyRecordID:
            "the record id (the last section) is empty"
        case .serverError(let message):
            "the server reports an error: \(message)"
        }
        return "Sync line \(line): \(detail)."
    }
}
