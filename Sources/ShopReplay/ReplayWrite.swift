import Foundation

/// A write (POST, PUT, PATCH, DELETE) the recording made and the shop accepted, with the answer
/// it got. The recorded shop is the state after its writes: `setup/` set
/// `PS_SHIPPING_FREE_PRICE` to 150 after reading it as 0, and `flows/` posted orders nothing
/// read back. The emulator seeds each written record from the last write no later read
/// superseded.
public struct ReplayWrite: Sendable {
    public let method: String
    /// `resource` (a POST) or `resource/id`.
    public let path: String
    /// The shop's answer: the record as stored (PUT, PATCH), as created (POST; for orders an
    /// echo of what was posted), nothing for a DELETE.
    public let body: [UInt8]?
    public let sequence: Int

    /// The `method` of a read of some fields of a record (`orders/9?display=[id,current_state]`):
    /// not a write, but the record's state at that moment, merged into it.
    public static let fieldsRead = "GET fields"
    /// The `method` of a whole record read before a write changed it: the record at that
    /// moment, which the later writes apply to.
    public static let recordRead = "GET record"

    public init(method: String, path: String, body: [UInt8]?, sequence: Int) {
        self.method = method
        self.path = path
        self.body = body
        self.sequence = sequence
    }

    var resource: Substring { path.split(separator: "/").first ?? "" }

    /// The record id the path names (PUT, PATCH, DELETE), nil for a POST.
    var pathID: Int? {
        let parts = path.split(separator: "/")
        return parts.count == 2 ? Int(parts[1]) : nil
    }

    /// Whether a later write changed or removed a record this GET or HEAD shows: the record
    /// itself (any query), or a list of its resource holding it.
    static func outdates(_ recording: ReplayRecording, writes: [ReplayWrite]) -> Bool {
        let key = recording.key
        for write in writes where write.sequence > recording.sequence && write.method != "POST" && write.method != recordRead {
            guard let id = write.pathID else { continue }
            if write.method == fieldsRead {
                let sameRecord = key.path == write.path && !key.query.contains { $0.name == "display" && $0.value.hasPrefix("[") }
                let listHoldingIt = key.path == String(write.resource) && key.query.contains { $0.name == "display" && $0.value == "full" }
                    && recording.body.map { Self.lists(id, in: $0) } == true
                if sameRecord || listHoldingIt, let body = recording.body, let fields = write.body,
                    body.first == UInt8(ascii: "<") ? !Self.shows(fields: fields, in: body) : !Self.showsInJSON(fields: fields, id: id, in: body)
                {
                    return true
                }
                continue
            }
            if key.path == write.path { return true }
            guard key.path == String(write.resource), !key.query.contains(where: { $0.name == "schema" }) else { continue }
            if recording.body.map({ Self.lists(id, in: $0) }) ?? true { return true }
        }
        return false
    }

    private static func lists(_ id: Int, in body: [UInt8]) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        return text.contains("<id><![CDATA[\(id)]]></id>") || text.contains(" id=\"\(id)\"") || text.contains("\"id\":\(id),")
    }

    /// The same for a JSON answer (`{"order":{…}}` or a list holding record `id`), where 8.x
    /// leaves out a single record's empty and "0" fields and writes numbers bare.
    private static func showsInJSON(fields: [UInt8], id: Int, in body: [UInt8]) -> Bool {
        guard let top = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any], let content = top.values.first else { return true }
        let single = content as? [String: Any]
        let record = single ?? (content as? [[String: Any]])?.first { ($0["id"] as? Int) == id || ($0["id"] as? String) == String(id) }
        guard let record else { return true }
        for (name, value) in fieldValues(fields) {
            guard let shown = record[name] else {
                if single != nil, value.isEmpty || value == "0" { continue }
                return false
            }
            if shown is [Any] || shown is [String: Any] { continue }
            if "\(shown)" != value { return false }
        }
        return true
    }

    /// Whether every `<field><![CDATA[value]]></field>` of `fields` is in `body` with that value.
    private static func shows(fields: [UInt8], in body: [UInt8]) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        for (name, value) in fieldValues(fields) {
            guard let start = text.range(of: "<\(name)>") ?? text.range(of: "<\(name) ") else { continue }
            let rest = text[start.upperBound...]
            guard let close = rest.range(of: "</\(name)>"), rest[..<close.lowerBound].hasSuffix("<![CDATA[\(value)]]>") else { return false }
        }
        return true
    }

    /// The `<field><![CDATA[value]]></field>` pairs of a recorded read of some fields.
    private static func fieldValues(_ fields: [UInt8]) -> [(name: String, value: String)] {
        String(decoding: fields, as: UTF8.self).matches(of: /<(\w+)( [^>]*)?><!\[CDATA\[([^\]]*)\]\]><\/\1>/).map {
            (String($0.output.1), String($0.output.3))
        }
    }
}
