import Foundation

extension WebserviceDocument {
    /// Reads the webservice's JSON output (`output_format=JSON`, 1.6.0.9+, API-NOTES §8) into
    /// the same tree as XML, with its quirks: the record `id` is a number, an i18n field is an
    /// array of `{"id","value"}` or a plain string when one language came back, and an empty
    /// result is a bare `[]`.
    ///
    /// A plain-string i18n field cannot be told from a scalar in JSON, so it stays `.text`;
    /// the models read such a text as the one language the shop returned (`LocalizedText`).
    public init(json bytes: [UInt8]) throws(DocumentError) {
        self = try WebserviceJSONReader.read(bytes)
    }

    public init(json text: String) throws(DocumentError) {
        try self.init(json: Array(text.utf8))
    }
}

enum WebserviceJSONReader {
    static func read(_ bytes: [UInt8]) throws(DocumentError) -> WebserviceDocument {
        guard bytes.contains(where: { !($0 == 0x20 || (0x09...0x0D).contains($0)) }) else { throw .empty }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let head = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if head.lowercased().hasPrefix("<!doctype html") || head.lowercased().hasPrefix("<html") {
                throw .htmlInsteadOfXML(title: nil)
            }
            throw .malformedJSON(detail: "it does not parse as JSON (it starts with “\(head.prefix(40))”)")
        }
        if let array = object as? [Any] {
            // `[]` is an empty result; `GET /api/?output_format=JSON` is a flat array of names.
            if array.isEmpty { return WebserviceDocument(contents: [.emptyList(wrapper: nil)]) }
            let names = array.compactMap { $0 as? String }
            guard names.count == array.count else {
                throw .malformedJSON(detail: "a top-level array holds something other than resource names")
            }
            let resources = names.map { WebserviceAPIIndex.Resource(name: $0, description: nil, methods: []) }
            return WebserviceDocument(contents: [.api(WebserviceAPIIndex(shopName: nil, resources: resources))])
        }
        guard let top = object as? [String: Any] else {
            throw .malformedJSON(detail: "the top level is neither an object nor an array")
        }
        if let errors = top["errors"] as? [[String: Any]] {
            throw .shopErrors(errors.map { entry in
                ShopErrorMessage(code: integer(entry["code"]), message: scalar(entry["message"]) ?? "")
            })
        }
        var contents: [WebserviceDocument.Content] = []
        for key in top.keys.sorted() {
            let value = top[key]
            if let record = value as? [String: Any] {
                contents.append(.record(try self.record(key, record)))
            } else if let items = value as? [Any], items.isEmpty {
                contents.append(.emptyList(wrapper: key))
            } else if let items = value as? [[String: Any]] {
                contents.append(try list(key, items))
            } else {
                throw .malformedJSON(detail: "“\(key)” holds neither a record nor a list")
            }
        }
        return WebserviceDocument(contents: contents)
    }

    private static func list(_ wrapper: String, _ items: [[String: Any]]) throws(DocumentError) -> WebserviceDocument.Content {
        let element = ResourceName.singular(of: wrapper)
        if items.allSatisfy({ $0.count == 1 && $0["id"] != nil }) {
            var references: [WebserviceReference] = []
            for item in items {
                guard let id = integer(item["id"]) else { throw .malformedJSON(detail: "a <\(element)> id is not a number") }
                references.append(WebserviceReference(element: element, id: id))
            }
            return .references(wrapper: wrapper, references)
        }
        var records: [WebserviceRecord] = []
        for item in items {
            records.append(try record(element, item))
        }
        return .records(wrapper: wrapper, records)
    }

    private static func record(_ element: String, _ object: [String: Any]) throws(DocumentError) -> WebserviceRecord {
        var result = WebserviceRecord(element: element)
        for key in object.keys.sorted() where key != "associations" {
            result.fields.append(try field(key, object[key] as Any, in: element))
        }
        // Keep `id` first, as the XML output has it.
        if let index = result.fields.firstIndex(where: { $0.name == "id" }) {
            result.fields.insert(result.fields.remove(at: index), at: 0)
        }
        if let associations = object["associations"] as? [String: Any] {
            for name in associations.keys.sorted() {
                let items = associations[name] as? [[String: Any]] ?? []
                let itemElement = ResourceName.singular(of: name)
                var association = WebserviceAssociation(name: name)
                for item in items {
                    association.items.append(try record(itemElement, item))
                }
                result.associations.append(association)
            }
        }
        return result
    }

    private static func field(_ name: String, _ value: Any, in element: String) throws(DocumentError) -> WebserviceField {
        if let languages = value as? [[String: Any]] {
            var values: [LanguageValue] = []
            for language in languages {
                guard let id = integer(language["id"]) else {
                    throw .malformedJSON(detail: "“\(name)” of a <\(element)> has a language without a numeric id")
                }
                values.append(LanguageValue(languageID: id, text: scalar(language["value"]) ?? ""))
            }
            return WebserviceField(name: name, value: .languages(values))
        }
        if let text = scalar(value) { return .text(name, text) }
        if value is NSNull { return .text(name, "") }
        throw .malformedJSON(detail: "“\(name)” of a <\(element)> is neither a value nor a list of languages")
    }

    /// A JSON scalar as the text XML would have carried (`19` → "19").
    private static func scalar(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        case let number as Double: String(number)
        case let flag as Bool: flag ? "1" : "0"
        default: nil
        }
    }

    private static func integer(_ value: Any?) -> Int? {
        scalar(value).flatMap { Int($0) }
    }
}
