import CLibXML2

/// One node of a `MarkupDocument`: an element, a text node or an attribute.
///
/// It keeps its document alive, so a node can outlive the variable holding the document.
public struct MarkupNode {
    let pointer: xmlNodePtr
    let document: MarkupDocument

    init(pointer: xmlNodePtr, document: MarkupDocument) {
        self.pointer = pointer
        self.document = document
    }

    /// The element's tag name, lowercase for HTML ("div"); "text" for a text node.
    public var name: String {
        pointer.pointee.name.map { String(cString: $0) } ?? ""
    }

    public var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

    /// The line of the source the node starts on (1-based); 0 when libxml2 does not know.
    public var line: Int { max(0, Int(xmlGetLineNo(pointer))) }

    /// All text inside the node, entities decoded, as written (whitespace kept).
    public var text: String {
        guard let content = xmlNodeGetContent(pointer) else { return "" }
        defer { bottega_xml_free(content) }
        return String(cString: content)
    }

    /// The text with runs of whitespace (including no-break spaces) collapsed to one space
    /// and the ends trimmed: what a reader sees on the page.
    public var normalizedText: String {
        MarkupText.normalizingWhitespace(text)
    }

    /// The value of an attribute, `nil` when the element has none by that name.
    public func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(pointer, name) else { return nil }
        defer { bottega_xml_free(value) }
        return String(cString: value)
    }

    /// The class names of the element's `class` attribute.
    public var classes: [Substring] {
        (attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    }

    public func hasClass(_ name: String) -> Bool {
        classes.contains { $0 == name }
    }

    public var parent: MarkupNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return MarkupNode(pointer: parent, document: document)
    }

    /// The child elements, in order (text and comments left out).
    public var children: [MarkupNode] {
        var result: [MarkupNode] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { result.append(MarkupNode(pointer: node, document: document)) }
            child = node.pointee.next
        }
        return result
    }

    /// The nodes an XPath expression selects with this node as the context (`.//a`, `./span`).
    public func select(_ xpath: String) throws(MarkupError) -> [MarkupNode] {
        try XPathQuery.nodes(xpath, in: document, context: pointer)
    }

    public func first(_ xpath: String) throws(MarkupError) -> MarkupNode? {
        try select(xpath).first
    }
}

/// XPath building blocks that real pages need.
public enum XPathPredicate {
    /// A predicate true for elements whose class list contains `name` exactly, as CSS's `.name`:
    /// `//div[\(XPathPredicate.hasClass("gs_r"))]`.
    public static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}

/// Whitespace handling shared by `MarkupNode.normalizedText` and callers that assemble text
/// from several nodes (a title without its marker spans).
public enum MarkupText {
    /// Runs of whitespace (including no-break spaces) collapsed to one space, ends trimmed.
    public static func normalizingWhitespace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension MarkupText {
    /// `text` with HTML's named entities (`&ouml;`, `&agrave;`) written as their characters,
    /// as libxml2's HTML table gives them; XML's own five and unknown names are left as they are.
    /// For XML that declares them in an external DTD it is never allowed to fetch (dblp.xml).
    public static func resolvingHTMLEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") {
                let name = String(rest[afterAmpersand..<semicolon])
                if !["amp", "lt", "gt", "quot", "apos"].contains(name), name.allSatisfy({ $0.isASCII && $0.isLetter || $0.isNumber }),
                   let entity = htmlEntityLookup(name), let scalar = Unicode.Scalar(entity.pointee.value) {
                    result.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = rest[afterAmpersand...]
        }
        return result + rest
    }
}
