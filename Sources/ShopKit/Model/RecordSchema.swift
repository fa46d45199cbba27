/// A model's fields and associations, each tied to a property: one table that both decodes
/// the model from a record and encodes it back, so the two cannot drift apart.
public struct RecordSchema<Model>: Sendable {
    let fields: [SchemaField<Model>]
    let associations: [SchemaAssociation<Model>]
    /// Each field's place in `fields` by its name: a record is decoded field by field, and a
    /// product has some sixty, each found by a search through the list before.
    let fieldPlaces: [String: Int]

    init(fields: [SchemaField<Model>], associations: [SchemaAssociation<Model>] = []) {
        self.fields = fields
        self.associations = associations
        fieldPlaces = Dictionary(fields.enumerated().map { ($1.name, $0) }) { first, _ in first }
    }

    /// Fields never written: getters (`quantity`, `manufacturer_name`…) and fields read-only
    /// from some version on (customers' `secure_key` from 9.0), as API-NOTES §3 lists them.
    func readOnlyFields(for version: PrestaShopVersion) -> Set<String> {
        Set(fields.filter { $0.isReadOnly(version) }.map(\.name))
    }
}

/// One field of a schema.
struct SchemaField<Model>: Sendable {
    let name: String
    let isReadOnly: @Sendable (PrestaShopVersion) -> Bool
    let decode: @Sendable (inout Model, WebserviceField, _ element: String, _ id: Int?) throws(ModelError) -> Void
    /// nil when the property is nil: the model does not know the value.
    let encode: @Sendable (Model) -> WebserviceField.Value?
}

/// Whether a field may be written.
enum FieldAccess: Sendable {
    case writable
    /// A getter without setter: sending it is error 93.
    case readOnly
    /// Read-only from the versions for which the rule holds.
    case readOnlyWhen(@Sendable (PrestaShopVersion) -> Bool)

    var rule: @Sendable (PrestaShopVersion) -> Bool {
        switch self {
        case .writable: { _ in false }
        case .readOnly: { _ in true }
        case .readOnlyWhen(let rule): rule
        }
    }
}

extension SchemaField {
    /// A field stored in an optional property: nil when the record lacks it or holds "none".
    static func field<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Model, Value?> & Sendable, _ codec: FieldCodec<Value>, _ access: FieldAccess = .writable
    ) -> SchemaField {
        SchemaField(
            name: name,
            isReadOnly: access.rule,
            decode: { model, field, element, id throws(ModelError) in
                switch codec.decode(field.value) {
                case .value(let value): model[keyPath: keyPath] = value
                case .none: model[keyPath: keyPath] = nil
                case .invalid:
                    throw .invalidValue(element: element, id: id, field: field.name, value: Self.describe(field.value), expected: codec.expected)
                }
            },
            encode: { model in model[keyPath: keyPath].map(codec.encode) })
    }

    private static func describe(_ value: WebserviceField.Value) -> String {
        switch value {
        case .text(let text): text
        case .languages(let languages): languages.map { "\($0.languageID): \($0.text)" }.joined(separator: ", ")
        case .nested(let fields): "<" + fields.map(\.name).joined(separator: "><") + ">"
        }
    }
}

/// One association of a schema (`categories`, `order_rows`).
struct SchemaAssociation<Model>: Sendable {
    let name: String
    /// false for associations without a setter (`order_rows`: an order's lines come from its cart, §9).
    var isWritable = true
    let decode: @Sendable (inout Model, WebserviceAssociation, _ element: String, _ id: Int?) throws(ModelError) -> Void
    let encode: @Sendable (Model) -> WebserviceAssociation?

    /// An association of ids only (`<categories><category><id>2</id></category>…`).
    static func ids(_ name: String, item: String, _ keyPath: WritableKeyPath<Model, [Int]?> & Sendable) -> SchemaAssociation {
        SchemaAssociation(
            name: name,
            decode: { model, association, element, id throws(ModelError) in
                var ids: [Int] = []
                for entry in association.items {
                    let text = entry.field("id")?.text ?? ""
                    // `?schema=blank|synopsis` shows one item with an empty id as a template to
                    // fill in (fx IQ2i schema_categories.xml); it is no association entry.
                    if text.isEmpty, association.items.count == 1 { continue }
                    guard let value = Int(text) else {
                        throw .invalidValue(element: element, id: id, field: "associations/\(name)/\(entry.element)/id", value: text, expected: "a whole number")
                    }
                    ids.append(value)
                }
                model[keyPath: keyPath] = ids
            },
            encode: { model in
                model[keyPath: keyPath].map { ids in
                    WebserviceAssociation(name: name, items: ids.map { WebserviceRecord(element: item, fields: [.text("id", String($0))]) })
                }
            })
    }

    /// An association whose items are small records of their own (order rows, cart rows).
    static func rows<Row: RecordModel>(_ name: String, _ keyPath: WritableKeyPath<Model, [Row]?> & Sendable, writable: Bool = true) -> SchemaAssociation {
        SchemaAssociation(
            name: name,
            isWritable: writable,
            decode: { model, association, _, _ throws(ModelError) in
                var rows: [Row] = []
                for entry in association.items {
                    rows.append(try Row(record: entry))
                }
                model[keyPath: keyPath] = rows
            },
            encode: { model in
                model[keyPath: keyPath].map { rows in
                    WebserviceAssociation(name: name, items: rows.map { $0.record() })
                }
            })
    }
}
