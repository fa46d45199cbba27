import Foundation
import Markup

/// A small **emulator of the webservice's documented write behaviour** (API-NOTES §3), seeded
/// from the recorded records. It is not PrestaShop: it validates nothing the notes do not
/// name, computes no getter fields, runs no hooks. What it does:
///
/// - POST `/api/R` → 201 and the created record with a new id (the highest known id + 1);
///   400 code 91 when the body carries an `<id>`; 400 code 93 when it sends a read-only field.
/// - PUT `/api/R/<id>` (or `/api/R`, the id in the body) → 200 and the record as stored:
///   optional fields the body omits are **reset to empty**, as the real shop does, while
///   associations it omits are kept; 404 code 92 for an unknown id; 400 code 90 without an id.
/// - PATCH (only when the archive's version is 8.0 or later) → 200, only the sent fields change.
/// - DELETE `/api/R/<id>` or `/api/R?id=[1,2]` → 200 and an empty body; 404 code 87 naming
///   the ids that do not exist.
/// - Later GET/HEAD of a changed resource see the changes (see `ShopEmulator+Reads`), and
///   reads no recording holds are answered from the seeded state the same way.
/// - Resources the source makes read-only or partial refuse the method with 405 code 101.
/// - A customer's `passwd` is hashed as `Customer::setWsPasswd` does (API-NOTES §12): on POST,
///   or when it differs from the stored hash, what was sent is taken as the plain password. The
///   hash is bcrypt, as from 1.7 on, whatever the recorded version: 1.6's MD5 needs the shop's
///   cookie key, which the recordings do not hold.
///
/// A record's shape (field order, attributes) comes from a recorded record of the resource,
/// else from its recorded `schema=synopsis`; values are written the way 1.6 writes them.
struct ShopEmulator {
    let archive: ReplayArchive
    var resources: [String: Resource] = [:]
    /// Carts an order was created from: 8.1 refuses a second order on them.
    var orderedCarts: Set<Int> = []
    /// The recording's computed prices, read the first time a read asks for one.
    var recordedPrices: RecordedPriceFields?
    /// A write since the recording to something prices are computed from: the recorded prices
    /// are no longer the shop's.
    var pricesWritten = false
    /// Per resource, how its recorded JSON answers write each field.
    var jsonKinds: [String: JSONFieldKinds] = [:]

    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]
        /// nil: XML (or nothing, for an empty body).
        var contentType: String? = nil
    }

    struct Resource {
        var element: String?
        var records: [Int: ReplayElement] = [:]
        var ids: Set<Int> = []
        var maxID = 0
        var readOnly: Set<String> = []
        var schema: ReplayElement?
        var linkBase: String
        var changed = false
    }

    /// Fields the notes name as not writable (API-NOTES §3), beyond those a recorded synopsis
    /// schema marks `readOnly`.
    static let documentedReadOnly: [String: Set<String>] = [
        "products": ["manufacturer_name", "quantity"],
        "categories": ["level_depth", "nb_products_recursive"],
    ]
    /// What `Product::priceCalculation` reads: a write to any of them changes prices.
    static let priceInputs: Set<String> = [
        "products", "combinations", "specific_prices", "specific_price_rules", "taxes", "tax_rules", "tax_rule_groups", "groups",
        "countries", "states", "zones", "currencies", "configurations", "shops",
    ]
    /// Methods the source refuses per resource (API-NOTES §3, `getResources`).
    static let refused: [String: Set<String>] = [
        "search": ["POST", "PUT", "PATCH", "DELETE"], "stocks": ["POST", "PUT", "PATCH", "DELETE"],
        "stock_movements": ["POST", "PUT", "PATCH", "DELETE"],
        "stock_availables": ["POST", "DELETE"], "warehouses": ["DELETE"],
    ]

    init(archive: ReplayArchive) { self.archive = archive }

    /// A GET or HEAD no recording answers, made up from the seeded state; nil when it cannot
    /// be (see ``generatedRead(_:id:query:head:)``).
    mutating func unrecordedRead(method: String, path: String, query: [ReplayQuery.Pair]) -> Answer? {
        guard method == "GET" || method == "HEAD" else { return nil }
        let segments = path.split(separator: "/").map(String.init)
        guard let name = segments.first, name != "images", segments.count <= 2 else { return nil }
        let id = segments.count == 2 ? Int(segments[1]) : nil
        if segments.count == 2, id == nil { return nil }
        if name == "search", id == nil { return searchAnswer(query: query, head: method == "HEAD") }
        return generatedRead(name, id: id, query: query, head: method == "HEAD")
    }

    var hasPatch: Bool { (Int(archive.version.split(separator: ".").first ?? "") ?? 0) >= 8 }

    /// The emulator's answer, or nil when the recordings should answer (a read of a resource
    /// no write has changed).
    mutating func handle(method: String, path: String, query: [ReplayQuery.Pair], body: [UInt8]) -> Answer? {
        let segments = path.split(separator: "/").map(String.init)
        guard let name = segments.first, name != "images", segments.count <= 2 else { return nil }
        let id = segments.count == 2 ? Int(segments[1]) : nil
        if segments.count == 2, id == nil { return nil }
        if method == "GET" || method == "HEAD" {
            guard resources[name]?.changed == true else { return nil }
            return generatedRead(name, id: id, query: query, head: method == "HEAD")
        }
        if Self.refused[name]?.contains(method) == true || (method == "PATCH" && !hasPatch) {
            return error(405, 101, "Method \(method) is not valid for resource \(name)")
        }
        if Self.priceInputs.contains(name) { pricesWritten = true }
        var resource = load(name)
        defer { resources[name] = resource }
        switch method {
        case "POST": return create(&resource, name: name, body: body)
        case "PUT", "PATCH": return update(&resource, name: name, pathID: id, body: body, partial: method == "PATCH")
        case "DELETE": return delete(&resource, id: id, query: query)
        default: return error(405, 101, "Method \(method) is not valid for resource \(name)")
        }
    }

    // MARK: Writes

    private mutating func create(_ resource: inout Resource, name: String, body: [UInt8]) -> Answer {
        let posted: ReplayElement
        switch Self.record(in: body) {
        case .success(let record): posted = record
        case .failure(let failure): return failure.answer
        }
        if let id = posted.child("id"), !id.text.isEmpty { return error(400, 91, "id is forbidden when adding a new resource") }
        if let field = readOnlyField(posted, resource) { return notWritable(field) }
        let id = resource.maxID + 1
        if name == "orders", hasPatch {
            switch validateOrder(posted, id: id) {
            case .failure(let refusal): return refusal.answer
            case .success(let order):
                store(shaped(order.stored, template: template(resource), id: id, keeping: nil, resource: resource, partial: false), id: id, in: &resource)
                return Answer(status: 201, body: ReplayXMLWriter.document(record: order.echo))
            }
        }
        let record = shaped(Self.hashingPassword(posted, of: name, stored: nil), template: template(resource), id: id, keeping: nil, resource: resource, partial: false)
        store(record, id: id, in: &resource)
        if name == "order_histories", hasPatch { applyHistory(record) }
        return Answer(status: 201, body: ReplayXMLWriter.document(record: record))
    }

    private func update(_ resource: inout Resource, name: String, pathID: Int?, body: [UInt8], partial: Bool) -> Answer {
        let posted: ReplayElement
        switch Self.record(in: body) {
        case .success(let record): posted = record
        case .failure(let failure): return failure.answer
        }
        guard let id = pathID ?? posted.child("id").flatMap({ Int($0.text) }) else {
            return error(400, 90, "id is required when modifying a resource")
        }
        guard resource.ids.contains(id) else { return error(404, 92, "Invalid ID") }
        if let field = readOnlyField(posted, resource) { return notWritable(field) }
        let old = resource.records[id]
        let sent = Self.hashingPassword(posted, of: name, stored: old?.child("passwd")?.text)
        var record = shaped(sent, template: old ?? template(resource), id: id, keeping: old, resource: resource, partial: partial)
        // 8.x stamps every write: clients compare date_upd to see a change they did not make.
        if hasPatch, let index = record.children.firstIndex(where: { $0.name == "date_upd" }) {
            record.children[index].text = ShopEmulator.nowText()
        }
        store(record, id: id, in: &resource)
        return Answer(status: 200, body: ReplayXMLWriter.document(record: record))
    }

    private func delete(_ resource: inout Resource, id: Int?, query: [ReplayQuery.Pair]) -> Answer {
        var ids: [Int] = id.map { [$0] } ?? []
        if id == nil, let list = query.first(where: { $0.name == "id" })?.value {
            ids = list.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
        }
        guard !ids.isEmpty else { return error(400, 90, "id is required when deleting a resource") }
        let missing = ids.filter { !resource.ids.contains($0) }
        guard missing.isEmpty else { return error(404, 87, "Id(s) not exists: \(missing.map(String.init).joined(separator: ", "))") }
        for id in ids {
            resource.ids.remove(id)
            resource.records[id] = nil
        }
        resource.changed = true
        return Answer(status: 200, body: [])
    }

    private func store(_ record: ReplayElement, id: Int, in resource: inout Resource) {
        resource.records[id] = record
        resource.ids.insert(id)
        resource.maxID = max(resource.maxID, id)
        resource.element = resource.element ?? record.name
        resource.changed = true
    }

    // MARK: Shaping records

    /// The stored record: the template's fields in order, each the sent value or (for a full
    /// write) reset to empty; associations sent replace, associations omitted are kept.
    private func shaped(
        _ posted: ReplayElement, template: ReplayElement?, id: Int, keeping old: ReplayElement?, resource: Resource, partial: Bool
    ) -> ReplayElement {
        let idField = ReplayElement(name: "id", text: String(id))
        guard let template else {
            var record = posted
            record.children.removeAll { $0.name == "id" }
            record.children.insert(idField, at: 0)
            return record
        }
        var record = ReplayElement(name: template.name, attributes: template.attributes)
        for field in template.children {
            if field.name == "id" {
                record.children.append(idField)
            } else if field.name == "associations" {
                record.children.append(associations(posted.child("associations"), template: field, old: old?.child("associations")))
            } else if let sent = posted.child(field.name) {
                record.children.append(Self.value(sent, shapedLike: field))
            } else {
                record.children.append(partial ? field : Self.reset(field))
            }
        }
        // A synopsis schema has no <id> field; a record always starts with it.
        if record.child("id") == nil { record.children.insert(idField, at: 0) }
        return record
    }

    private func associations(_ sent: ReplayElement?, template: ReplayElement, old: ReplayElement?) -> ReplayElement {
        var result = ReplayElement(name: "associations")
        for wrapper in template.children {
            if let sentWrapper = sent?.child(wrapper.name) {
                var replaced = ReplayElement(name: wrapper.name, attributes: wrapper.attributes)
                let itemBase = wrapper.children.first.flatMap { Self.linkPrefix($0.attribute("xlink:href"), id: $0.child("id")?.text) }
                for item in sentWrapper.children {
                    var copy = ReplayElement(name: item.name, children: item.children.map { ReplayElement(name: $0.name, text: $0.text) })
                    if let itemBase, let itemID = item.child("id")?.text, !itemID.isEmpty { copy.setAttribute("xlink:href", itemBase + itemID) }
                    replaced.children.append(copy)
                }
                result.children.append(replaced)
            } else {
                result.children.append(old?.child(wrapper.name) ?? ReplayElement(name: wrapper.name, attributes: wrapper.attributes))
            }
        }
        return result
    }

    /// The sent value with the template field's attributes; a link (`xlink:href` ending in
    /// the old value) follows the new value, and goes when the value is emptied.
    static func value(_ sent: ReplayElement, shapedLike field: ReplayElement) -> ReplayElement {
        var result = ReplayElement(name: field.name, attributes: field.attributes)
        if field.isLanguageField || sent.isLanguageField {
            let prefix = field.children.first.flatMap { linkPrefix($0.attribute("xlink:href"), id: $0.attribute("id")) }
            result.children = sent.children.map { language in
                var copy = ReplayElement(name: "language", attributes: [(name: "id", value: language.attribute("id") ?? "")], text: language.text)
                if let prefix, let id = language.attribute("id") { copy.setAttribute("xlink:href", prefix + id) }
                return copy
            }
            return result
        }
        result.text = sent.text
        if let prefix = linkPrefix(field.attribute("xlink:href"), id: field.text) {
            result.setAttribute("xlink:href", sent.text.isEmpty ? nil : prefix + sent.text)
        }
        return result
    }

    static func reset(_ field: ReplayElement) -> ReplayElement {
        var result = field
        result.text = ""
        result.children = field.children.map(reset)
        if field.name != "language", linkPrefix(field.attribute("xlink:href"), id: field.text) != nil {
            result.setAttribute("xlink:href", nil)
        }
        return result
    }

    /// `http://h/api/categories/` of `http://h/api/categories/5` when the value is 5.
    static func linkPrefix(_ href: String?, id: String?) -> String? {
        guard let href, let id, !id.isEmpty, href.hasSuffix("/" + id) else { return nil }
        return String(href.dropLast(id.count))
    }

    /// A record made by the emulator itself, in the shape of the resource's recorded ones.
    func shapedLikeTemplate(_ posted: ReplayElement, resource: Resource) -> ReplayElement {
        let id = posted.child("id").flatMap { Int($0.text) } ?? resource.maxID + 1
        return shaped(posted, template: template(resource), id: id, keeping: nil, resource: resource, partial: false)
    }

    func template(_ resource: Resource) -> ReplayElement? {
        resource.records.keys.min().flatMap { resource.records[$0] } ?? resource.schema
    }

    private func readOnlyField(_ posted: ReplayElement, _ resource: Resource) -> String? {
        posted.children.first { resource.readOnly.contains($0.name) }?.name
    }

    private func notWritable(_ field: String) -> Answer {
        error(400, 93, "parameter \"\(field)\" not writable. Please remove this attribute of this XML")
    }

    func error(_ status: Int, _ code: Int?, _ message: String) -> Answer {
        Answer(status: status, body: ReplayXMLWriter.errors([(code: code, message: message)]))
    }

    /// The record element of a request body (`<prestashop><category>…`); a body that starts
    /// with `xml=` is a form field, as the dispatcher accepts (§3).
    private static func record(in body: [UInt8]) -> Result<ReplayElement, AnswerError> {
        var bytes = body[...]
        while let first = bytes.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09 { bytes = bytes.dropFirst() }
        if bytes.starts(with: Array("xml=".utf8)) { bytes = bytes.dropFirst(4) }
        guard !bytes.isEmpty, let document = try? MarkupDocument.xml(Array(bytes)),
            let record = try? document.first("/prestashop/*[1]")
        else {
            return .failure(AnswerError(Answer(status: 500, body: ReplayXMLWriter.errors([(code: 127, message: "XML error: the body is not a <prestashop> document with one record")]))))
        }
        return .success(ReplayElement(record))
    }

    struct AnswerError: Error {
        let answer: Answer
        init(_ answer: Answer) { self.answer = answer }
    }
}
