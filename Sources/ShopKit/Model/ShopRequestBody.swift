/// Request bodies for creating (POST) and updating (PUT) a record from a model, following the
/// webservice's rules (API-NOTES §3):
/// - read-only fields are never sent (error 93): the model's getters, fields the shop marked
///   `readOnly`, and version-dependent ones (customers' `secure_key` from 9.0);
/// - POST carries no `<id>` (error 91); PUT carries it (error 90 without);
/// - a PUT resets every optional field it omits, so it is built from the full record the shop
///   sent, with only the fields the model changed replaced: fields the model does not know
///   travel back untouched.
public enum ShopRequestBody {
    /// The record a POST sends: every field the model knows, less `id` and read-only fields.
    public static func createRecord<Model: ResourceModel>(_ model: Model, version: PrestaShopVersion) -> WebserviceRecord {
        var record = model.record()
        record.removeFields(named: Model.schema.readOnlyFields(for: version).union(["id"]))
        record.associations.removeAll { name in !isWritable(name.name, in: Model.self) }
        return record
    }

    public static func create<Model: ResourceModel>(_ model: Model, version: PrestaShopVersion) -> String {
        WebserviceXMLWriter.body(createRecord(model, version: version))
    }

    /// The record a PUT sends: `original` (the record as the shop last sent it, in full) with
    /// the fields and associations the model changed replaced, read-only fields removed.
    public static func updateRecord<Model: ResourceModel>(
        _ model: Model, from original: WebserviceRecord, version: PrestaShopVersion
    ) throws(ModelError) -> WebserviceRecord {
        guard original.element == Model.element else {
            throw .document(.unexpectedContent(expected: "a <\(Model.element)> record to update", found: "a <\(original.element)> record"))
        }
        guard let id = model.id ?? original.id else {
            throw .invalidValue(element: Model.element, id: nil, field: "id", value: "", expected: "the id of the record to update (a PUT needs it)")
        }
        if let originalID = original.id, originalID != id {
            throw .invalidValue(
                element: Model.element, id: id, field: "id", value: String(originalID),
                expected: "the same id as the model (\(id)): a PUT is built from that record's own last version")
        }
        let schema = Model.schema
        let base = try Model(record: original)
        var record = original
        for field in schema.fields where field.encode(model) != field.encode(base) {
            if let value = field.encode(model) {
                record.set(WebserviceField(name: field.name, value: value))
            } else {
                record.removeFields(named: [field.name])
            }
        }
        for association in schema.associations where association.isWritable {
            let changed = association.encode(model)
            guard changed != association.encode(base), let changed else { continue }
            record.set(changed)
        }
        var readOnly = schema.readOnlyFields(for: version)
        readOnly.formUnion(record.fields.filter(\.readOnly).map(\.name))
        readOnly.remove("id")
        record.removeFields(named: readOnly)
        record.associations.removeAll { !isWritable($0.name, in: Model.self) }
        record.set(WebserviceField.text("id", String(id)))
        if let index = record.fields.firstIndex(where: { $0.name == "id" }), index != 0 {
            record.fields.insert(record.fields.remove(at: index), at: 0)
        }
        return record
    }

    public static func update<Model: ResourceModel>(
        _ model: Model, from original: WebserviceRecord, version: PrestaShopVersion
    ) throws(ModelError) -> String {
        WebserviceXMLWriter.body(try updateRecord(model, from: original, version: version))
    }

    private static func isWritable<Model: ResourceModel>(_ association: String, in _: Model.Type) -> Bool {
        Model.schema.associations.first { $0.name == association }?.isWritable ?? true
    }
}
