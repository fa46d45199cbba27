import Foundation

/// Renders a record as a webservice request body (POST, PUT, PATCH): the `<prestashop>`
/// envelope, values in CDATA with no whitespace inside value tags (the docs warn that
/// `<id>\n 5\n</id>` breaks the record, API-NOTES §5), i18n fields as `<language id>`
/// elements (§6). Links, `notFilterable` and association attributes are left out: the
/// webservice reads none of them from a request.
public enum WebserviceXMLWriter {
    public static func body(_ record: WebserviceRecord) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
        write(record, into: &output, depth: 0)
        output += "</prestashop>\n"
        return output
    }

    private static func write(_ record: WebserviceRecord, into output: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        output += "\(indent)<\(record.element)>\n"
        for field in record.fields {
            write(field, into: &output, indent: indent + "\t")
        }
        if !record.associations.isEmpty {
            output += "\(indent)\t<associations>\n"
            for association in record.associations {
                output += "\(indent)\t\t<\(association.name)>\n"
                for item in association.items {
                    write(item, into: &output, depth: depth + 3)
                }
                output += "\(indent)\t\t</\(association.name)>\n"
            }
            output += "\(indent)\t</associations>\n"
        }
        output += "\(indent)</\(record.element)>\n"
    }

    private static func write(_ field: WebserviceField, into output: inout String, indent: String) {
        switch field.value {
        case .text(let text):
            output += "\(indent)<\(field.name)>\(cdata(text))</\(field.name)>\n"
        case .languages(let languages):
            output += "\(indent)<\(field.name)>"
            for language in languages {
                output += "<language id=\"\(language.languageID)\">\(cdata(language.text))</language>"
            }
            output += "</\(field.name)>\n"
        case .nested(let fields):
            output += "\(indent)<\(field.name)>\n"
            for nested in fields {
                write(nested, into: &output, indent: indent + "\t")
            }
            output += "\(indent)</\(field.name)>\n"
        }
    }

    /// Text as CDATA; a `]]>` inside is split across two sections, the only way to carry it.
    static func cdata(_ text: String) -> String {
        if text.isEmpty { return "" }
        return "<![CDATA[" + text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }
}
