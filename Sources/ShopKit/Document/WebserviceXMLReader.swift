import Foundation
import Markup

extension WebserviceDocument {
    /// Reads a webservice XML body (§5): the `<prestashop>` envelope, with or without the
    /// xlink namespace, CDATA or not, whitespace around values trimmed.
    public init(xml bytes: [UInt8]) throws(DocumentError) {
        self = try WebserviceXMLReader.read(bytes)
    }

    public init(xml text: String) throws(DocumentError) {
        try self.init(xml: Array(text.utf8))
    }
}

/// XML body → `WebserviceDocument`, through Markup (libxml2).
enum WebserviceXMLReader {
    static func read(_ bytes: [UInt8]) throws(DocumentError) -> WebserviceDocument {
        // Some saved bodies start with a blank line before `<?xml …?>` (the 1.5 fixtures),
        // which XML forbids; the webservice never means anything by it, so it is skipped.
        // A UTF-8 byte order mark is dropped for the same reason.
        let unmarked = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let start = unmarked.firstIndex(where: { !isWhitespace($0) }) else { throw .empty }
        let body = Array(unmarked[start...])
        if looksLikeHTML(body) { throw .htmlInsteadOfXML(title: htmlTitle(body)) }
        let document: MarkupDocument
        do {
            document = try MarkupDocument.xml(body)
        } catch {
            throw .malformedXML(ending: ending(of: body))
        }
        // Markup parses in recovery mode, which would turn a truncated record into a shorter one.
        guard document.isWellFormed, let root = document.root else { throw .malformedXML(ending: ending(of: body)) }
        if root.name.lowercased() == "html" { throw .htmlInsteadOfXML(title: htmlTitle(body)) }
        guard root.name == "prestashop" else { throw .unexpectedRoot(found: root.name) }
        let children = root.children
        if let errors = children.first(where: { $0.name == "errors" }) {
            throw .shopErrors(errors.children.filter { $0.name == "error" }.map(errorEntry))
        }
        var contents: [WebserviceDocument.Content] = []
        for child in children {
            contents.append(try content(of: child))
        }
        return WebserviceDocument(contents: contents)
    }

    private static func content(of element: MarkupNode) throws(DocumentError) -> WebserviceDocument.Content {
        if element.name == "api" { return .api(apiIndex(element)) }
        let children = element.children
        guard let first = children.first else { return .emptyList(wrapper: element.name) }
        let sameName = children.allSatisfy { $0.name == first.name }
        if sameName, children.allSatisfy({ $0.attribute("id") != nil && $0.children.isEmpty }) {
            var references: [WebserviceReference] = []
            for child in children {
                guard let id = Int(child.attribute("id") ?? "") else {
                    throw .unexpectedContent(expected: "a numeric id on <\(child.name)>", found: "id=\"\(child.attribute("id") ?? "")\"")
                }
                references.append(WebserviceReference(element: child.name, id: id, href: href(child), name: child.attribute("name")))
            }
            return .references(wrapper: element.name, references)
        }
        if sameName, isListWrapper(element.name, of: first) {
            var records: [WebserviceRecord] = []
            for child in children {
                records.append(try record(child))
            }
            return .records(wrapper: element.name, records)
        }
        return .record(try record(element))
    }

    /// Whether `<wrapper>` holding `<item>…` children is a list of full records rather than a
    /// record with one field: the items have an `<id>`, or the wrapper is the item's plural.
    private static func isListWrapper(_ wrapper: String, of item: MarkupNode) -> Bool {
        guard item.name != "associations", item.name != "language", !item.children.isEmpty else { return false }
        // A CMS page is `<content>` and has a `<content>` field: same name is never a list.
        guard wrapper != item.name else { return false }
        return item.children.contains { $0.name == "id" } || ResourceName.singular(of: wrapper) == item.name
    }

    static func record(_ element: MarkupNode) throws(DocumentError) -> WebserviceRecord {
        var result = WebserviceRecord(element: element.name, href: href(element))
        for child in element.children {
            if child.name == "associations" {
                for wrapper in child.children {
                    result.associations.append(try association(wrapper))
                }
            } else {
                result.fields.append(try field(child))
            }
        }
        // An association item may carry its id as an attribute instead of an `<id>` child.
        if result.fields.isEmpty, let id = element.attribute("id") {
            result.fields.append(.text("id", id))
        }
        return result
    }

    private static func field(_ node: MarkupNode) throws(DocumentError) -> WebserviceField {
        let children = node.children
        let value: WebserviceField.Value
        if children.isEmpty {
            value = .text(trimmed(node.text))
        } else if children.allSatisfy({ $0.name == "language" }) {
            var languages: [LanguageValue] = []
            for language in children {
                guard let id = Int(language.attribute("id") ?? "") else {
                    throw .unexpectedContent(
                        expected: "a numeric language id in <\(node.name)>", found: "<language id=\"\(language.attribute("id") ?? "")\">")
                }
                languages.append(LanguageValue(languageID: id, text: trimmed(language.text), href: href(language)))
            }
            value = .languages(languages)
        } else {
            var nested: [WebserviceField] = []
            for child in children {
                nested.append(try field(child))
            }
            value = .nested(nested)
        }
        return WebserviceField(
            name: node.name, value: value, href: href(node),
            notFilterable: node.attribute("notFilterable") == "true",
            readOnly: node.attribute("readOnly") == "true" || node.attribute("read_only") == "true")
    }

    private static func association(_ wrapper: MarkupNode) throws(DocumentError) -> WebserviceAssociation {
        var items: [WebserviceRecord] = []
        for item in wrapper.children {
            items.append(try record(item))
        }
        return WebserviceAssociation(
            name: wrapper.name, nodeType: wrapper.attribute("nodeType"), api: wrapper.attribute("api"),
            isVirtualEntity: wrapper.attribute("virtualEntity") == "true", items: items)
    }

    private static func apiIndex(_ element: MarkupNode) -> WebserviceAPIIndex {
        let methods = ["get", "put", "post", "patch", "delete", "head"]
        let resources = element.children.map { resource in
            WebserviceAPIIndex.Resource(
                name: resource.name,
                description: resource.children.first { $0.name == "description" }.map { trimmed($0.text) },
                methods: Set(methods.filter { resource.attribute($0) == "true" }))
        }
        return WebserviceAPIIndex(shopName: element.attribute("shopName") ?? element.attribute("shop_name"), resources: resources)
    }

    private static func errorEntry(_ error: MarkupNode) -> ShopErrorMessage {
        let code = error.children.first { $0.name == "code" }.flatMap { Int(trimmed($0.text)) }
        let message = error.children.first { $0.name == "message" }.map { trimmed($0.text) } ?? ""
        return ShopErrorMessage(code: code, message: message)
    }

    /// `xlink:href`, found by local name; a request body without the xmlns keeps the prefix.
    private static func href(_ node: MarkupNode) -> String? {
        node.attribute("href") ?? node.attribute("xlink:href")
    }

    /// Values are trimmed: the server wraps them in CDATA without padding, but re-indented
    /// bodies put newlines around the CDATA (SOURCES.md §2), and the docs warn that whitespace
    /// inside a value tag is never meant (API-NOTES §5).
    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func looksLikeHTML(_ body: [UInt8]) -> Bool {
        let head = String(decoding: body.prefix(256), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
            || (head.hasPrefix("<?xml") && head.contains("<html"))
    }

    private static func htmlTitle(_ body: [UInt8]) -> String? {
        guard let page = try? MarkupDocument.html(body), let title = try? page.first("//title") else { return nil }
        let text = title.normalizedText
        return text.isEmpty ? nil : text
    }

    private static func ending(of body: [UInt8]) -> String {
        let text = String(decoding: body.suffix(60), as: UTF8.self)
        return MarkupText.normalizingWhitespace(text)
    }
}
