import Foundation
import Markup
import XMLText

/// A record as the write emulator keeps it: an element with attributes and either text or
/// child elements. Read with Markup, written back the way PrestaShop 1.6 writes its documents.
struct ReplayElement: Sendable, Equatable {
    var name: String
    var attributes: [(name: String, value: String)]
    var text: String
    var children: [ReplayElement]

    init(name: String, attributes: [(name: String, value: String)] = [], text: String = "", children: [ReplayElement] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    static func == (lhs: ReplayElement, rhs: ReplayElement) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.children == rhs.children
            && lhs.attributes.elementsEqual(rhs.attributes) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Markup gives attribute nodes by local name; the only prefixed attribute of webservice
    /// documents is `xlink:href` (API-NOTES §5).
    init(_ node: MarkupNode) {
        name = node.name
        attributes = ((try? node.select("@*")) ?? []).map { attribute in
            (name: attribute.name == "href" ? "xlink:href" : attribute.name, value: attribute.text)
        }
        children = node.children.map(ReplayElement.init)
        // Values are trimmed: request bodies and re-indented fixtures put whitespace around them.
        text = children.isEmpty ? node.text.trimmingCharacters(in: .whitespacesAndNewlines) : ""
    }

    func child(_ name: String) -> ReplayElement? { children.first { $0.name == name } }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    mutating func setAttribute(_ name: String, _ value: String?) {
        attributes.removeAll { $0.name == name }
        if let value { attributes.append((name: name, value: value)) }
    }

    /// A record field whose value is one `<language>` element per language (§6).
    var isLanguageField: Bool { !children.isEmpty && children.allSatisfy { $0.name == "language" } }
}

/// PrestaShop 1.6's output layout (WebserviceOutputXML, as in the recorded files): a tab
/// before each record field, values in CDATA, language fields on one line, `<associations>`
/// and its wrappers at the margin, an empty wrapper self-closed.
enum ReplayXMLWriter {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
    static let footer = "</prestashop>\n"

    static func document(record: ReplayElement) -> [UInt8] {
        Array((header + recordXML(record) + footer).utf8)
    }

    /// `<products>` with one full (or partial) `<product>` per record, as `display=` gives.
    static func list(resource: String, records: [ReplayElement]) -> [UInt8] {
        Array((header + "<\(resource)>\n" + records.map(recordXML).joined() + "</\(resource)>\n" + footer).utf8)
    }

    private static func recordXML(_ record: ReplayElement) -> String {
        var out = "<\(record.name)\(attributes(record))>\n"
        for field in record.children {
            if field.name == "associations" {
                out += association(field)
            } else {
                out += "\t" + inline(field) + "\n"
            }
        }
        return out + "</\(record.name)>\n"
    }

    /// `<products>` with one `<product id="1" xlink:href="…"/>` per id, as a plain list is.
    static func list(resource: String, element: String, ids: [Int], linkBase: String) -> [UInt8] {
        var out = header + "<\(resource)>\n"
        for id in ids { out += "<\(element) id=\"\(id)\" xlink:href=\"\(XMLText.escaped(linkBase))\(resource)/\(id)\"/>\n" }
        out += "</\(resource)>\n" + footer
        return Array(out.utf8)
    }

    static func errors(_ errors: [(code: Int?, message: String)]) -> [UInt8] {
        var out = header + "<errors>\n"
        for error in errors {
            out += "<error>\n"
            if let code = error.code { out += "<code><![CDATA[\(code)]]></code>\n" }
            out += "<message><![CDATA[\(cdata(error.message))]]></message>\n</error>\n"
        }
        out += "</errors>\n" + footer
        return Array(out.utf8)
    }

    private static func association(_ associations: ReplayElement) -> String {
        var out = "<associations>\n"
        for wrapper in associations.children {
            if wrapper.children.isEmpty {
                out += "<\(wrapper.name)\(attributes(wrapper))/>\n"
                continue
            }
            out += "<\(wrapper.name)\(attributes(wrapper))>\n"
            for item in wrapper.children {
                out += "\t<\(item.name)\(attributes(item))>\n"
                for field in item.children { out += "\t" + inline(field) + "\n" }
                out += "\t</\(item.name)>\n"
            }
            out += "</\(wrapper.name)>\n"
        }
        return out + "</associations>\n"
    }

    private static func inline(_ element: ReplayElement) -> String {
        let inner = element.children.isEmpty ? "<![CDATA[\(cdata(element.text))]]>" : element.children.map(inline).joined()
        return "<\(element.name)\(attributes(element))>\(inner)</\(element.name)>"
    }

    private static func attributes(_ element: ReplayElement) -> String {
        element.attributes.map { " \($0.name)=\"\(XMLText.escaped($0.value))\"" }.joined()
    }

    /// `]]>` cannot appear inside CDATA: split it across two sections.
    private static func cdata(_ text: String) -> String {
        text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>")
    }
}
