import Foundation
import OrderCompany
import OrderKit
import WebCore

/// One kind of the agent's master data (customers, suppliers, products, discounts) as the
/// screens and the JSON API handle it: how to list, fetch and store its records, which fields
/// its form has, and how a record reads as fields and back. The routes are written once over
/// this description (`MasterDataScreenRoutes`, `MasterDataAPIRoutes`), so every kind gets the
/// same list, add, edit, delete one and delete all, and the same answers to bad input.
struct MasterDataScreen<Record: Sendable>: Sendable {
    let kind: MasterDataKind
    /// The path segment under `/orders` and `/api/orders`: "customers".
    let path: String
    /// "Customers".
    let title: String
    /// The JSON API's list key and the screen's noun: "customers", "customer".
    var noun: String { kind.noun }
    let list: @Sendable (AgentStore) throws -> [Record]
    let fetch: @Sendable (AgentStore, Int64) throws -> Record?
    let store: @Sendable (AgentStore, Record) throws -> Record
    /// The record a form or a JSON body describes, with `id` (nil: a new one). Throws
    /// `MasterDataInputError` or `MasterDataChoiceError` for a field that cannot be read.
    let draft: @Sendable (_ fields: [String: String], _ id: Int64?) throws -> Record
    /// The record's fields by form name, as the form shows them and the API writes them.
    let values: @Sendable (Record) -> [String: FieldValue]
    /// The form's fields, in order (selects list what the store has).
    /// The form's fields; `shown` is what the form shows (a stored record's values, or what was
    /// typed), so a choice limited to the first records can add the chosen one.
    let form: @Sendable (_ store: AgentStore, _ shown: [String: String]) throws -> [FormField]
    /// One line of the list screen: a title and a detail.
    let summary: @Sendable (AgentStore, Record) throws -> (title: String, detail: String)
    let id: @Sendable (Record) -> Int64?
    let origin: @Sendable (Record) -> RecordOrigin
    /// Customers and suppliers can be stored from the order form: this puts the stored record
    /// on order `orderID` (nil for the kinds that cannot).
    var attach: (@Sendable (AgentStore, Record, _ orderID: Int64) throws -> Void)?
}

/// A field's value: text for the form, and a number where the JSON API writes one (ids and
/// quantities), so a client reads `"supplierID": 3`, never `"3"`.
enum FieldValue: Sendable, Hashable, Encodable {
    case text(String)
    case number(Int64)
    case none

    var formText: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .none: ""
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .none: try container.encodeNil()
        }
    }
}

/// A field of a master-data form.
struct FormField: Sendable {
    enum Input: Sendable {
        case text(type: String = "text", inputMode: String? = nil)
        case area
        /// A choice among records; the first option may be "none" (value "").
        case select([Option])
    }

    struct Option: Sendable {
        let value: String
        let label: String
    }

    let name: String
    let label: String
    let input: Input
    var required = false
    /// A short example under the field ("49,90 or 49.90").
    var hint: String?
    /// The kind `/api/orders/suggest` finds (`customer`, `product`) for a select that lists only
    /// the first records: a search box beside it finds the others, as on the order form.
    var suggest: String?
}

/// A required choice left empty, or a choice that is not a record id.
struct MasterDataChoiceError: Error, Sendable, LocalizedError {
    let field: String
    let label: String

    var errorDescription: String? { "Choose the \(label): it is required." }
}

/// Reading a form's fields.
enum FormRead {
    static func text(_ fields: [String: String], _ name: String) -> String {
        (fields[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The id chosen in select `name`; nil when empty and `required` is false.
    static func id(_ fields: [String: String], _ name: String, label: String, required: Bool = true) throws -> Int64? {
        let typed = text(fields, name)
        if typed.isEmpty, !required { return nil }
        guard let id = Int64(typed) else { throw MasterDataChoiceError(field: name, label: label) }
        return id
    }
}
