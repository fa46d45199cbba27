import Foundation

/// `output_format=JSON` for records the emulator holds, written as 8.x's `WebserviceOutputJSON`
/// writes them (the recorded `*_json.json` answers): `{"order":{…}}` for one record,
/// `{"orders":[…]}` for a list; a language field with one language as its text, with several
/// as `[{"id":"1","value":"…"}]`; associations as arrays of objects. Whether a field is a
/// number, a string, or null when empty is PrestaShop's object definition, which no answer
/// states: it is learned from the resource's recorded JSON answers (``JSONFieldKinds``).
/// One record leaves out the fields PHP calls empty ("" and "0"), as 8.x does; lists keep them.
struct ReplayJSONWriter {
    let kinds: JSONFieldKinds

    func document(record: ReplayElement) -> [UInt8] {
        Array("{\(Self.quoted(record.name)):\(object(record, path: "", single: true))}".utf8)
    }

    func list(resource: String, records: [ReplayElement]) -> [UInt8] {
        Array("{\(Self.quoted(resource)):[\(records.map { object($0, path: "", single: false) }.joined(separator: ","))]}".utf8)
    }

    private func object(_ record: ReplayElement, path: String, single: Bool) -> String {
        var members: [String] = []
        for field in record.children {
            if field.name == "associations" {
                let groups = field.children.map { group in
                    let rows = group.children.map { object($0, path: "associations.\(group.name).", single: false) }
                    return "\(Self.quoted(group.name)):[\(rows.joined(separator: ","))]"
                }
                members.append("\"associations\":{\(groups.joined(separator: ","))}")
                continue
            }
            if field.isLanguageField {
                let texts = field.children
                if single, texts.allSatisfy({ $0.text.isEmpty }) { continue }
                let value = texts.count == 1
                    ? Self.quoted(texts[0].text)
                    : "[" + texts.map { "{\"id\":\(Self.quoted($0.attribute("id") ?? "")),\"value\":\(Self.quoted($0.text))}" }.joined(separator: ",") + "]"
                members.append("\(Self.quoted(field.name)):\(value)")
                continue
            }
            let text = field.text
            if single, text.isEmpty || text == "0" { continue }
            members.append("\(Self.quoted(field.name)):\(kinds.value(text, field: path + field.name))")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func quoted(_ text: String) -> String {
        // PHP's json_encode: "\/" for "/", and \u escapes for what JSON requires.
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// How a resource's fields were written in its recorded JSON answers: as numbers, as strings,
/// or as null when empty. A field never seen is a string, except `id` and association ids.
struct JSONFieldKinds: Sendable {
    enum Kind: Sendable { case number, text, nullWhenEmpty }
    private(set) var kinds: [String: Kind] = [:]

    init(resource: String, element: String, bodies: [[UInt8]]) {
        for body in bodies {
            guard let top = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else { continue }
            let records = (top[resource] as? [[String: Any]]) ?? (top[element] as? [String: Any]).map { [$0] } ?? []
            for record in records { learn(record, path: "") }
        }
    }

    private mutating func learn(_ record: [String: Any], path: String) {
        for (name, value) in record {
            if name == "associations", let groups = value as? [String: Any] {
                for (group, rows) in groups {
                    for row in (rows as? [[String: Any]]) ?? [] { learn(row, path: "associations.\(group).") }
                }
                continue
            }
            let key = path + name
            switch value {
            case is NSNull: if kinds[key] == nil { kinds[key] = .nullWhenEmpty }
            case is Int, is Double, is NSNumber: kinds[key] = .number
            case is String: if kinds[key] != .number { kinds[key] = .text }
            default: continue
            }
        }
    }

    func value(_ text: String, field: String) -> String {
        let kind = kinds[field] ?? (field == "id" || field.hasSuffix(".id") ? .number : .text)
        switch kind {
        case .number: return Int(text).map(String.init) ?? (text.isEmpty ? "null" : ReplayJSONWriter.quoted(text))
        case .nullWhenEmpty: return text.isEmpty ? "null" : ReplayJSONWriter.quoted(text)
        case .text: return ReplayJSONWriter.quoted(text)
        }
    }
}
