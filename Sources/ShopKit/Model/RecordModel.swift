/// A model decoded from one webservice record through its schema: unknown fields are ignored,
/// known ones parsed carefully (typed errors, never a silent default).
public protocol RecordModel: Sendable, Hashable, Encodable {
    /// The record element: `product`, `order_row`, `content`.
    static var element: String { get }
    /// A model that knows nothing yet; decoding fills in what the record holds.
    init()
    static var schema: RecordSchema<Self> { get }
}

/// A model with a resource of its own (`/api/products`), which can be listed, created and updated.
public protocol ResourceModel: RecordModel {
    /// The resource path and list wrapper: `products`, `content_management_system`.
    static var resource: String { get }
    var id: Int? { get set }
}

extension RecordModel {
    /// Decodes the model from a record of its element.
    public init(record: WebserviceRecord) throws(ModelError) {
        self.init()
        let schema = Self.schema
        let id = record.id
        for field in record.fields {
            guard let place = schema.fieldPlaces[field.name] else { continue }
            try schema.fields[place].decode(&self, field, record.element, id)
        }
        for association in record.associations {
            guard let known = schema.associations.first(where: { $0.name == association.name }) else { continue }
            try known.decode(&self, association, record.element, id)
        }
    }

    /// Every record of this model's element in a document: one record or a list of full records.
    public static func all(in document: WebserviceDocument) throws(ModelError) -> [Self] {
        let records: [WebserviceRecord]
        do {
            records = try document.records(element)
        } catch {
            throw .document(error)
        }
        var models: [Self] = []
        for record in records {
            models.append(try Self(record: record))
        }
        return models
    }

    /// The one record of this model's element in a document.
    public static func one(in document: WebserviceDocument) throws(ModelError) -> Self {
        let record: WebserviceRecord
        do {
            record = try document.record(element)
        } catch {
            throw .document(error)
        }
        return try Self(record: record)
    }

    /// The record of everything the model knows, in schema order (read-only fields included).
    public func record() -> WebserviceRecord {
        let schema = Self.schema
        var record = WebserviceRecord(element: Self.element)
        for field in schema.fields {
            if let value = field.encode(self) { record.fields.append(WebserviceField(name: field.name, value: value)) }
        }
        for association in schema.associations {
            if let encoded = association.encode(self) { record.associations.append(encoded) }
        }
        return record
    }
}
