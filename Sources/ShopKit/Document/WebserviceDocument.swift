/// A webservice body read into a neutral tree (API-NOTES §5): what the `<prestashop>`
/// envelope holds — one record, a list of references, a list of full records, an empty list,
/// or the API root listing — from the XML output or the JSON output (§8).
public struct WebserviceDocument: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// One record: `<product><id>1</id>…</product>`.
        case record(WebserviceRecord)
        /// A list without `display`: ids as attributes (`<products><product id="1"/>…`).
        case references(wrapper: String, [WebserviceReference])
        /// A list with `display=full` or `display=[…]`: records inside the plural wrapper.
        case records(wrapper: String, [WebserviceRecord])
        /// An empty list: `<configurations>\n</configurations>`, or JSON's bare `[]` (wrapper unknown).
        case emptyList(wrapper: String?)
        /// `GET /api/`: the resources the key may use.
        case api(WebserviceAPIIndex)
    }

    /// One entry per child of `<prestashop>`; nearly always one, two for `/api/images/<type>`
    /// (`<image_types>` then `<images>`).
    public var contents: [Content]

    public init(contents: [Content]) {
        self.contents = contents
    }

    /// The single record of element `element` the document holds; a one-item list of full
    /// records is accepted too (`display=full&filter[id]=[N]` is how one reads selected fields).
    public func record(_ element: String) throws(DocumentError) -> WebserviceRecord {
        let found = try records(element)
        guard found.count == 1, let only = found.first else {
            throw .unexpectedContent(expected: "one <\(element)> record", found: "\(found.count) <\(element)> records")
        }
        return only
    }

    /// Every record of element `element`: one record, a list of full records, or none for an empty list.
    /// A list of references alone is refused: its records need `display=full`.
    public func records(_ element: String) throws(DocumentError) -> [WebserviceRecord] {
        guard contents.count == 1, let content = contents.first else {
            throw .unexpectedContent(expected: "<\(element)> records", found: summary)
        }
        switch content {
        case .record(let record) where record.element == element:
            return [record]
        case .records(_, let records) where records.allSatisfy({ $0.element == element }):
            return records
        case .emptyList:
            return []
        case .references(_, let references) where references.allSatisfy({ $0.element == element }):
            throw .unexpectedContent(
                expected: "full <\(element)> records",
                found: "a list of \(references.count) references only (ask with display=full to get the records)")
        default:
            throw .unexpectedContent(expected: "<\(element)> records", found: summary)
        }
    }

    /// The references of a list without `display` (the ids), or the ids of a full list.
    public func references(_ element: String) throws(DocumentError) -> [WebserviceReference] {
        guard contents.count == 1, let content = contents.first else {
            throw .unexpectedContent(expected: "a list of <\(element)>", found: summary)
        }
        switch content {
        case .references(_, let references) where references.allSatisfy({ $0.element == element }):
            return references
        case .records(_, let records) where records.allSatisfy({ $0.element == element }):
            return records.compactMap { record in record.id.map { WebserviceReference(element: element, id: $0, href: record.href) } }
        case .emptyList:
            return []
        default:
            throw .unexpectedContent(expected: "a list of <\(element)>", found: summary)
        }
    }

    /// What the document holds, in words, for error messages.
    public var summary: String {
        if contents.isEmpty { return "nothing inside <prestashop>" }
        return contents.map { content in
            switch content {
            case .record(let record): "one <\(record.element)> record"
            case .references(let wrapper, let items): "a <\(wrapper)> list of \(items.count) references"
            case .records(let wrapper, let items): "a <\(wrapper)> list of \(items.count) records"
            case .emptyList(let wrapper): "an empty \(wrapper.map { "<\($0)> " } ?? "")list"
            case .api: "the API root listing"
            }
        }.joined(separator: " and ")
    }
}

/// `GET /api/`: `<api shopName="…">` (1.6+) or `<api shop_name="…">` (1.5), one child per resource.
public struct WebserviceAPIIndex: Sendable, Hashable {
    public struct Resource: Sendable, Hashable {
        public var name: String
        public var description: String?
        /// The methods the key may use, from the `get`/`put`/`post`/`patch`/`delete`/`head`
        /// attributes (`patch` exists from 8.0 only, §2).
        public var methods: Set<String>
    }

    public var shopName: String?
    public var resources: [Resource]
}
