/// Reads the recordings do not hold, answered from the emulator's seeded state: a record by id
/// (created ones included), lists plain, `display=full` or `display=[fields]`, filtered, sorted
/// and limited, and empty lists of resources with no record at all (a shop without specific
/// prices answers `<specific_prices></specific_prices>`). Every read of a resource a write has
/// changed comes from here too, so it sees the change.
///
/// 8.x's JSON output is written from the same records (``ReplayJSONWriter``). What it cannot make
/// up it leaves to the "no recorded answer" 404: schemas, and the full record of an id a
/// recorded list names but no recording shows.
extension ShopEmulator {
    mutating func generatedRead(_ name: String, id: Int?, query originalQuery: [ReplayQuery.Pair], head: Bool) -> Answer? {
        // Prices the shop computes with `price[alias][…]` were recorded for some parameters
        // only: a computation the recording made is answered with PrestaShop's own figure, any
        // other is left out of the answer (the replay cannot know what PrestaShop would
        // compute), so a client checking prices sees it as not checked.
        let priceAliases = RecordedPriceFields.aliases(in: originalQuery)
        let aliases = Set(priceAliases.keys)
        // JSON is written as 8.x writes it; an older shop's JSON is left to its recordings.
        let json = hasPatch && originalQuery.contains { ($0.name == "output_format" || $0.name == "io_format") && $0.value.uppercased() == "JSON" }
        let query = originalQuery.compactMap { pair -> ReplayQuery.Pair? in
            if pair.name.hasPrefix("price[") { return nil }
            if json, pair.name == "output_format" || pair.name == "io_format" { return nil }
            guard pair.name == "display", !aliases.isEmpty, pair.value.hasPrefix("[") else { return pair }
            let shown = pair.value.dropFirst().dropLast().split(separator: ",").map(String.init).filter { !aliases.contains($0) }
            return ReplayQuery.Pair(name: "display", value: "[" + shown.joined(separator: ",") + "]")
        }
        guard !query.contains(where: { ReplayListQuery.unsupported.contains($0.name) }) else { return nil }
        guard knows(name) else {
            return error(400, 22, "Resource of type \"\(name)\" does not exists")
        }
        let resource = load(name)
        let output = json ? Output.json(jsonWriter(name, element: resource.element)) : .xml
        let list: ReplayListQuery
        do throws(ReplayListQuery.Refusal) {
            list = try ReplayListQuery.parse(query)
        } catch {
            return self.error(400, error.code, error.message)
        }
        if let id {
            // 8.x answers an unknown id with an empty 404 (ps-8.1.2-live SOURCES.md).
            guard resource.ids.contains(id) else { return hasPatch ? Answer(status: 404, body: []) : error(404, 87, "Id(s) not exists: \(id)") }
            guard let record = resource.records[id] else { return nil }
            let priced = pricing(limitLanguages(record, to: list.languages), of: name, asked: priceAliases)
            return Answer(status: 200, body: head ? [] : output.document(record: priced), contentType: output.contentType)
        }
        let shownAliases = Set(originalQuery.first { $0.name == "display" }.map { display in
            display.value.dropFirst().dropLast().split(separator: ",").map(String.init).filter { aliases.contains($0) }
        } ?? [])
        let asked = list.display == .full ? priceAliases : priceAliases.filter { shownAliases.contains($0.key) }
        return listAnswer(name, resource: resource, list: list, head: head, output: output) { emulator, record in emulator.pricing(record, of: name, asked: asked) }
    }

    /// The record with the price fields asked for that the recording computed, after the
    /// record's own fields (as PrestaShop writes them).
    private mutating func pricing(_ record: ReplayElement, of name: String, asked: [String: [String: String]]) -> ReplayElement {
        guard !asked.isEmpty, !pricesWritten, name == "products" || name == "combinations",
            let id = record.child("id").flatMap({ Int($0.text) })
        else { return record }
        let configuration = configurationValues()
        if recordedPrices == nil { recordedPrices = RecordedPriceFields(recordings: archive.recordings.values, configuration: configuration) }
        let productID: Int
        if name == "combinations" {
            guard let product = load("combinations").records[id]?.child("id_product").flatMap({ Int($0.text) }) else { return record }
            productID = product
        } else {
            productID = id
        }
        var priced = record
        for (alias, sent) in asked.sorted(by: { $0.key < $1.key }) {
            var parameters = sent
            if name == "combinations" { parameters["product_attribute"] = String(id) }
            guard let value = recordedPrices?.value(productID: productID, sent: parameters, configuration: configuration) else { continue }
            priced.children.append(ReplayElement(name: alias, text: value))
        }
        return priced
    }

    /// A resource the shop has: one the recordings show, or one of the docs' blank schemas.
    func knows(_ name: String) -> Bool {
        resources[name] != nil || archive.blankSchemas[name] != nil
            || archive.recordings.keys.contains { $0.path == name || $0.path.hasPrefix(name + "/") }
    }

    private mutating func listAnswer(
        _ name: String, resource: Resource, list: ReplayListQuery, head: Bool, output: Output = .xml,
        priced: (inout ShopEmulator, ReplayElement) -> ReplayElement = { $1 }
    ) -> Answer {
        let fields = Set((template(resource)?.children.map(\.name) ?? []) + ["id"])
        if let unknown = list.filters.first(where: { !fields.contains($0.field) }) {
            return error(400, 32, "Unable to filter by this field \"\(unknown.field)\". However, these are available: \(fields.sorted().joined(separator: ", "))")
        }
        if let unknown = list.sort.first(where: { !fields.contains($0.field) }) {
            return error(400, 38, "Unable to sort by this field \"\(unknown.field)\". However, these are available: \(fields.sorted().joined(separator: ", "))")
        }
        if case .fields(let shown) = list.display, let unknown = shown.first(where: { !fields.contains($0) }) {
            return error(400, 35, "Unable to display this field \"\(unknown)\". However, these are available: \(fields.sorted().joined(separator: ", "))")
        }
        let needsRecords = list.display != .references || list.filters.contains { $0.field != "id" } || list.sort.contains { $0.field != "id" }
        // A plain list names every known id; anything that reads fields can only use the ids
        // whose full record was recorded (or written).
        var ids = needsRecords ? resource.records.keys.sorted() : resource.ids.sorted()
        ids = ids.filter { id in
            list.filters.allSatisfy { filter in
                values(of: filter.field, id: id, in: resource, languages: list.languages).contains { ReplayListQuery.matches($0, filter.condition) }
            }
        }
        if !list.sort.isEmpty {
            ids.sort { a, b in
                for key in list.sort {
                    let x = values(of: key.field, id: a, in: resource, languages: list.languages).first ?? ""
                    let y = values(of: key.field, id: b, in: resource, languages: list.languages).first ?? ""
                    if ReplayValue.equal(x, y) { continue }
                    return key.descending ? ReplayValue.less(y, x) : ReplayValue.less(x, y)
                }
                return a < b
            }
        }
        ids = Array(ids.dropFirst(list.offset).prefix(list.count ?? Int.max))
        guard !head else { return Answer(status: 200, body: [], contentType: output.contentType) }
        guard let element = resource.element else {
            return Answer(status: 200, body: output.list(resource: name, records: []), contentType: output.contentType)
        }
        let records: [ReplayElement]
        switch list.display {
        case .references:
            guard case .json = output else {
                return Answer(status: 200, body: ReplayXMLWriter.list(resource: name, element: element, ids: ids, linkBase: resource.linkBase))
            }
            records = ids.map { ReplayElement(name: element, children: [ReplayElement(name: "id", text: String($0))]) }
        case .full:
            records = ids.compactMap { resource.records[$0] }.map { priced(&self, limitLanguages($0, to: list.languages)) }
        case .fields(let shown):
            records = ids.compactMap { resource.records[$0] }.map { record in
                var partial = ReplayElement(name: record.name, attributes: record.attributes)
                partial.children = limitLanguages(record, to: list.languages).children.filter { shown.contains($0.name) }
                return priced(&self, partial)
            }
        }
        return Answer(status: 200, body: output.list(resource: name, records: records), contentType: output.contentType)
    }

    /// The answer's format: 1.6-style XML, or 8.x's JSON.
    enum Output {
        case xml
        case json(ReplayJSONWriter)

        var contentType: String? {
            if case .json = self { return "application/json" }
            return nil
        }

        func document(record: ReplayElement) -> [UInt8] {
            switch self {
            case .xml: return ReplayXMLWriter.document(record: record)
            case .json(let writer): return writer.document(record: record)
            }
        }

        func list(resource: String, records: [ReplayElement]) -> [UInt8] {
            switch self {
            case .xml: return ReplayXMLWriter.list(resource: resource, records: records)
            case .json(let writer): return writer.list(resource: resource, records: records)
            }
        }
    }

    /// A JSON writer for the resource, with the field kinds its recorded JSON answers show.
    private mutating func jsonWriter(_ name: String, element: String?) -> ReplayJSONWriter {
        if let kinds = jsonKinds[name] { return ReplayJSONWriter(kinds: kinds) }
        let bodies = archive.recordings.compactMap { key, recording -> [UInt8]? in
            guard key.method == "GET", recording.status == 200, key.path == name || key.path.hasPrefix(name + "/"),
                key.query.contains(where: { $0.name == "output_format" && $0.value.uppercased() == "JSON" })
            else { return nil }
            return recording.body
        }
        let kinds = JSONFieldKinds(resource: name, element: element ?? String(name.dropLast()), bodies: bodies)
        jsonKinds[name] = kinds
        return ReplayJSONWriter(kinds: kinds)
    }

    /// A field's value in a record: its text, or each language's text of an i18n field.
    private func values(of field: String, id: Int, in resource: Resource, languages: Set<String>?) -> [String] {
        if field == "id" { return [String(id)] }
        guard let element = resource.records[id]?.child(field) else { return [] }
        guard element.isLanguageField else { return [element.text] }
        return element.children.filter { languages?.contains($0.attribute("id") ?? "") ?? true }.map(\.text)
    }

    /// `language=N` leaves only that language in i18n fields (API-NOTES §6).
    private func limitLanguages(_ record: ReplayElement, to languages: Set<String>?) -> ReplayElement {
        guard let languages else { return record }
        var copy = record
        copy.children = record.children.map { field in
            guard field.isLanguageField else { return field }
            var kept = field
            kept.children = field.children.filter { languages.contains($0.attribute("id") ?? "") }
            return kept
        }
        return copy
    }
}
