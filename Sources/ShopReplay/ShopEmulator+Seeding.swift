import Markup
import ShopKit

/// Seeding: a resource's records, ids, read-only fields and link base, read from the
/// recordings the first time a write or a made-up read touches it (so a replay of 244
/// countries parses none of them until one is needed).
extension ShopEmulator {
    /// The resource's state, seeded from the recordings the first time it is written.
    mutating func load(_ name: String) -> Resource {
        if let resource = resources[name] { return resource }
        var resource = Resource(linkBase: archive.linkBase)
        resource.readOnly = Self.documentedReadOnly[name] ?? []
        for (key, recording) in archive.recordings.sorted(by: { $0.key.description < $1.key.description })
        where key.method == "GET" && recording.status == 200 {
            guard let body = recording.body else { continue }
            if key.path.hasPrefix(name + "/"), key.query.isEmpty, let id = Int(key.path.dropFirst(name.count + 1)),
                let document = try? MarkupDocument.xml(body), let node = try? document.first("/prestashop/*[1]")
            {
                let record = ReplayElement(node)
                resource.records[id] = record
                resource.ids.insert(id)
                resource.element = record.name
            } else if key.path == name, let document = try? MarkupDocument.xml(body) {
                if key.query == [ReplayQuery.Pair(name: "schema", value: "synopsis")],
                    let node = try? document.first("/prestashop/*[1]")
                {
                    let schema = ReplayElement(node)
                    resource.readOnly.formUnion(schema.children.filter { $0.attribute("readOnly") == "true" || $0.attribute("read_only") == "true" }.map(\.name))
                    resource.schema = Self.strippingSchemaAttributes(schema)
                    continue
                }
                if key.query.contains(ReplayQuery.Pair(name: "display", value: "full")) {
                    // Full lists hold whole records: the only copy of the ones never read alone
                    // (the 8.1.2 recording's configurations, for one).
                    for item in (try? document.select("/prestashop/\(name)/*[id]")) ?? [] {
                        let record = ReplayElement(item)
                        guard let id = record.child("id").flatMap({ Int($0.text) }), resource.records[id] == nil else { continue }
                        resource.records[id] = record
                        resource.ids.insert(id)
                        resource.element = record.name
                    }
                }
                for item in (try? document.select("/prestashop/\(name)/*[@id]")) ?? [] {
                    guard let id = item.attribute("id").flatMap({ Int($0) }) else { continue }
                    resource.ids.insert(id)
                    resource.element = item.name
                    if let href = item.attribute("href"), let prefix = Self.linkPrefix(href, id: "\(name)/\(id)") {
                        resource.linkBase = prefix
                    }
                }
            }
        }
        applyRecordedWrites(of: name, to: &resource)
        if resource.schema == nil, let blank = archive.blankSchemas[name], let document = try? MarkupDocument.xml(blank),
            let node = try? document.first("/prestashop/*[1]")
        {
            resource.schema = Self.strippingSchemaAttributes(ReplayElement(node))
        }
        resource.element = resource.element ?? resource.schema?.name
        // The recordings come from several shops (hosts); new links follow the host of the
        // records this resource's writes are shaped on, whatever order the lists were read in.
        if let template = template(resource), let href = Self.firstLink(in: template), let api = href.range(of: "/api/") {
            resource.linkBase = String(href[..<api.upperBound])
        }
        resource.maxID = resource.ids.max() ?? 0
        if name == "carts" {
            // Carts the recording created but never read back still own their ids: recorded
            // orders name them, and a new cart must not take one (its order would look placed).
            let ordered = load("orders").records.values.compactMap { $0.child("id_cart").flatMap { Int($0.text) } }
            resource.maxID = max(resource.maxID, ordered.max() ?? 0)
        }
        resources[name] = resource
        return resource
    }

    /// The recording's own accepted writes, each unless a later read of the record shows it.
    private func applyRecordedWrites(of name: String, to resource: inout Resource) {
        for write in archive.recordedWrites where write.resource == name {
            var id = write.pathID
            var record: ReplayElement?
            if write.method != "DELETE", let body = write.body, let document = try? MarkupDocument.xml(body),
                let node = try? document.first("/prestashop/*[1]")
            {
                record = ReplayElement(node)
                id = id ?? record?.child("id").flatMap { Int($0.text) }
            }
            guard let id else { continue }
            let readLater = archive.recordings[ReplayKey(method: "GET", path: "\(name)/\(id)", query: [])].map { $0.sequence > write.sequence } ?? false
            guard !readLater else { continue }
            if write.method == ReplayWrite.fieldsRead {
                guard var stored = resource.records[id], let shown = record else { continue }
                for field in shown.children {
                    if let index = stored.children.firstIndex(where: { $0.name == field.name }) { stored.children[index] = field }
                }
                resource.records[id] = stored
            } else if write.method == "DELETE" {
                resource.records[id] = nil
                resource.ids.remove(id)
            } else if let record {
                resource.records[id] = record
                resource.ids.insert(id)
                resource.element = resource.element ?? record.name
            }
        }
    }

    private static func firstLink(in element: ReplayElement) -> String? {
        if let href = element.attribute("xlink:href") { return href }
        for child in element.children {
            if let href = firstLink(in: child) { return href }
        }
        return nil
    }

    /// A synopsis field's validator attributes are not part of a record.
    private static func strippingSchemaAttributes(_ element: ReplayElement) -> ReplayElement {
        var copy = element
        copy.attributes.removeAll { ["format", "required", "maxSize", "readOnly", "read_only"].contains($0.name) }
        copy.children = element.children.map(strippingSchemaAttributes)
        return copy
    }
}

extension ShopEmulator {
    /// `customers.passwd` as the shop stores it: a sent value that is not the stored hash is a
    /// plain password, hashed here. A hash that cannot be made leaves the value as sent.
    static func hashingPassword(_ posted: ReplayElement, of resource: String, stored: String?) -> ReplayElement {
        guard resource == "customers", let index = posted.children.firstIndex(where: { $0.name == "passwd" }) else { return posted }
        let sent = posted.children[index].text
        guard !sent.isEmpty, sent != stored, let hash = try? NewPassword.hash(sent) else { return posted }
        var hashed = posted
        hashed.children[index].text = hash
        return hashed
    }
}
