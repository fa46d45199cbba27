import Foundation
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The JSON twin of the agent's master-data screens under `/api/orders` (ARCHITECTURE: every
/// screen has one), for each kind (`customers`, `suppliers`, `products`, `discounts`):
///
///     GET    /api/orders/customers        {"customers": [record…]}
///     POST   /api/orders/customers        a new record → 201 record
///     DELETE /api/orders/customers        every local one → {"deleted": n}
///     GET    /api/orders/customers/:id    record
///     PUT    /api/orders/customers/:id    fields to change (the others keep their value) → record
///     DELETE /api/orders/customers/:id    204
///
/// A record is its form's fields by name plus `id`, `readOnly` and, for the company's, `origin`
/// (`{"company", "remoteID"}`). Bodies take the same names; money and discount levels are text
/// ("49.90", "10+5+2"). Errors are `{"error": {"code", "message"}}`: 400 bad input naming the
/// field, 403 a synced record, 404 none, 409 a duplicate.
struct MasterDataAPIRoutes {
    let services: OrderServices
    /// The request's account's agent data.
    var store: AgentStore { get throws { try services.agents.store(for: RequestAccount.id()) } }

    func register(on group: RouterGroup<WebRequestContext>) {
        registerSuggestions(on: group)
        registerProfile(on: group)
        register(.customers, on: group)
        register(.suppliers, on: group)
        register(.products, on: group)
        register(.discounts, on: group)
    }

    private func register<Record>(_ screen: MasterDataScreen<Record>, on group: RouterGroup<WebRequestContext>) {
        let path = screen.path
        group.get(RouterPath(path)) { _, _ in
            MasterDataListBody(key: path, records: try screen.list(store).map { body(screen, $0) })
        }
        group.post(RouterPath(path)) { request, _ in
            let fields = try await Self.fields(from: request)
            let stored = try refusing(screen) { try screen.store(store, try screen.draft(fields, nil)) }
            return EditedResponse(status: .created, response: body(screen, stored))
        }
        group.delete(RouterPath(path)) { _, _ in
            DeletedCount(deleted: try store.deleteAllLocal(screen.kind))
        }
        group.get(RouterPath("\(path)/:id")) { _, context in
            body(screen, try existing(screen, context))
        }
        group.put(RouterPath("\(path)/:id")) { request, context in
            let record = try existing(screen, context)
            // Fields not sent keep their stored value, so a client can change one field.
            let fields = screen.values(record).mapValues(\.formText).merging(try await Self.fields(from: request)) { $1 }
            return body(screen, try refusing(screen) { try screen.store(store, try screen.draft(fields, screen.id(record))) })
        }
        group.delete(RouterPath("\(path)/:id")) { _, context in
            let id = try Self.id(context)
            try refusing(screen) { try store.delete(screen.kind, id: id) }
            return Response(status: .noContent)
        }
    }

    private func body<Record>(_ screen: MasterDataScreen<Record>, _ record: Record) -> MasterDataRecordBody {
        MasterDataRecordBody(id: screen.id(record) ?? 0, origin: screen.origin(record), fields: screen.values(record))
    }

    private func existing<Record>(_ screen: MasterDataScreen<Record>, _ context: WebRequestContext) throws -> Record {
        let id = try Self.id(context)
        guard let record = try screen.fetch(store, id) else {
            throw APIError(.notFound, "unknown_record", "There is no \(screen.noun) \(id).")
        }
        return record
    }

    private func refusing<Record, T>(_ screen: MasterDataScreen<Record>, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            guard let refusal = MasterDataRefusal(error, editing: screen.kind) else { throw error }
            throw refusal.apiError
        }
    }

    private static func id(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw APIError(.notFound, "unknown_record", "“\(context.parameters.get("id") ?? "")” is not a record id.")
        }
        return id
    }

    /// The body's JSON object as form fields: strings as they are, numbers as their digits
    /// (`"supplierID": 3`), null as empty.
    static func fields(from request: Request) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: FormBody.limit)
        guard let object = try? JSONDecoder().decode([String: JSONScalar].self, from: Data(buffer: buffer)) else {
            throw APIError(.badRequest, "malformed_json",
                           "The body must be a JSON object of the record's fields (text or numbers), such as {\"companyName\": \"Bar Sport\"}.")
        }
        if let (name, _) = object.first(where: { $0.value.text.count > InputLimits.textField }) {
            throw APIError(.badRequest, "too_long", "“\(name.prefix(60))” is longer than \(InputLimits.textField) characters; shorten it.")
        }
        return object.mapValues(\.text)
    }
}

/// A field of a JSON body: text, a number (kept as written, never through a `Double`) or null.
private struct JSONScalar: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = ""
        } else if let string = try? container.decode(String.self) {
            text = string
        } else if let integer = try? container.decode(Int64.self) {
            text = String(integer)
        } else if let decimal = try? container.decode(Decimal.self) {
            text = decimal.description
        } else {
            // Past Decimal's range (1e-128…1e127, e.g. 1e308 or a subnormal): still a number,
            // and the field's own rules decide whether it fits.
            text = String(try container.decode(Double.self))
        }
    }
}

/// A record as the API writes it: its fields flat beside `id`, `readOnly` and `origin`.
struct MasterDataRecordBody: ResponseEncodable {
    let id: Int64
    let origin: RecordOrigin
    let fields: [String: FieldValue]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in fields { try container.encode(value, forKey: Key(name)) }
        try container.encode(id, forKey: Key("id"))
        try container.encode(origin.isReadOnly, forKey: Key("readOnly"))
        if case .synced(let company, let remoteID) = origin {
            try container.encode(["company": company, "remoteID": remoteID], forKey: Key("origin"))
        }
    }
}

/// `{"customers": [...]}`: the list under its kind's name.
struct MasterDataListBody: ResponseEncodable {
    let key: String
    let records: [MasterDataRecordBody]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if let key = Key(stringValue: key) { try container.encode(records, forKey: key) }
    }
}

struct DeletedCount: ResponseEncodable {
    let deleted: Int
}
