/// One record of a webservice document (`<product><id>…</id>…</product>`), kept whole and in
/// order: every field the shop sent, known to ShopKit or not, and its associations.
///
/// This is the neutral tree the models are decoded from, and the tree a PUT body is patched
/// from: a PUT resets every optional field it omits (API-NOTES §3), so an update starts from
/// the record the shop sent and changes only what the model knows.
public struct WebserviceRecord: Sendable, Hashable {
    /// The element name: `product`, `order_row`, `content` (a CMS page).
    public var element: String
    public var fields: [WebserviceField]
    public var associations: [WebserviceAssociation]
    /// `xlink:href` on the record element itself (association items carry one).
    public var href: String?

    public init(element: String, fields: [WebserviceField] = [], associations: [WebserviceAssociation] = [], href: String? = nil) {
        self.element = element
        self.fields = fields
        self.associations = associations
        self.href = href
    }

    /// The first field of that name.
    public func field(_ name: String) -> WebserviceField? {
        fields.first { $0.name == name }
    }

    /// The association of that wrapper name (`categories`, `order_rows`).
    public func association(_ name: String) -> WebserviceAssociation? {
        associations.first { $0.name == name }
    }

    /// The record's `<id>` as a number, `nil` when absent or empty (a blank schema, a POST body).
    public var id: Int? {
        guard case .text(let text)? = field("id")?.value else { return nil }
        return Int(text)
    }

    /// Replaces the field of that name in place, or appends it when the record has none.
    public mutating func set(_ field: WebserviceField) {
        if let index = fields.firstIndex(where: { $0.name == field.name }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }

    /// Replaces the association of that name in place, or appends it.
    public mutating func set(_ association: WebserviceAssociation) {
        if let index = associations.firstIndex(where: { $0.name == association.name }) {
            associations[index] = association
        } else {
            associations.append(association)
        }
    }

    public mutating func removeFields(named names: Set<String>) {
        fields.removeAll { names.contains($0.name) }
    }
}

/// One field of a record: plain text, or one text per language for i18n fields.
public struct WebserviceField: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// A scalar, whitespace around it trimmed (CDATA included); empty for `<tag></tag>`.
        case text(String)
        /// An i18n field: `<name><language id="1">…</language>…</name>`, in document order.
        case languages([LanguageValue])
        /// Anything else with child elements (no known resource sends one; kept, not dropped).
        case nested([WebserviceField])
    }

    public var name: String
    public var value: Value
    /// `xlink:href` of a foreign key (`id_category_default` → `…/api/categories/5`).
    public var href: String?
    /// `notFilterable="true"`: a computed (getter) field the shop fills in (§5).
    public var notFilterable: Bool
    /// `readOnly="true"` or `read_only="true"`, as `?schema=synopsis` marks fields (§7).
    public var readOnly: Bool

    public init(name: String, value: Value, href: String? = nil, notFilterable: Bool = false, readOnly: Bool = false) {
        self.name = name
        self.value = value
        self.href = href
        self.notFilterable = notFilterable
        self.readOnly = readOnly
    }

    public static func text(_ name: String, _ text: String) -> WebserviceField {
        WebserviceField(name: name, value: .text(text))
    }

    /// The text of a scalar field; `nil` for i18n or nested fields.
    public var text: String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

/// One language's text of an i18n field.
public struct LanguageValue: Sendable, Hashable {
    /// The language id; 0 when the shop sent a single language without saying which (JSON, §6).
    public var languageID: Int
    public var text: String
    public var href: String?

    public init(languageID: Int, text: String, href: String? = nil) {
        self.languageID = languageID
        self.text = text
        self.href = href
    }
}

/// An association inside `<associations>`: `<categories nodeType="category" api="categories">`
/// holding items, or a virtual entity such as `order_rows` and `cart_rows` (§9).
public struct WebserviceAssociation: Sendable, Hashable {
    /// The wrapper name: `categories`, `order_rows`.
    public var name: String
    /// `nodeType`: the item element name (`category`); absent in the docs' simplified schemas.
    public var nodeType: String?
    /// `api`: the resource the items point at (`categories`, `images/products`).
    public var api: String?
    /// `virtualEntity="true"`: items with no resource of their own (`order_row`, `cart_row`).
    public var isVirtualEntity: Bool
    /// The items, each a small record (`<category><id>2</id></category>`, an order row).
    public var items: [WebserviceRecord]

    public init(name: String, nodeType: String? = nil, api: String? = nil, isVirtualEntity: Bool = false, items: [WebserviceRecord] = []) {
        self.name = name
        self.nodeType = nodeType
        self.api = api
        self.isVirtualEntity = isVirtualEntity
        self.items = items
    }
}

/// A list entry without `display`: `<product id="1" xlink:href="…/api/products/1"/>` (§5).
public struct WebserviceReference: Sendable, Hashable {
    public var element: String
    public var id: Int
    public var href: String?
    /// `name` where the listing gives one (`<image_type id="5" name="large_default"/>`).
    public var name: String?

    public init(element: String, id: Int, href: String? = nil, name: String? = nil) {
        self.element = element
        self.id = id
        self.href = href
        self.name = name
    }
}
