import CLibXML2

/// A parsed HTML or XML document, owning its libxml2 tree and freeing it when released.
///
/// HTML is parsed with libxml2's HTML parser in recovery mode, so real-world pages with
/// unquoted attributes (`<div class=gs_r>`), unclosed tags and stray end tags still give a
/// tree, as browsers and lxml do. Nodes keep their document alive.
public final class MarkupDocument {
    let pointer: xmlDocPtr

    private init(pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// Parses HTML. `url` is only used to resolve relative links in libxml2's own terms.
    public static func html(_ bytes: [UInt8], url: String? = nil) throws(MarkupError) -> MarkupDocument {
        try parse(bytes) { buffer, count, encoding in
            let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
            return htmlReadMemory(buffer, count, url, encoding, options)
        }
    }

    public static func html(_ text: String, url: String? = nil) throws(MarkupError) -> MarkupDocument {
        try html(Array(text.utf8), url: url)
    }

    /// Parses XML, recovering from what a strict parser would reject, never fetching
    /// external entities or DTDs (XXE).
    public static func xml(_ bytes: [UInt8], url: String? = nil) throws(MarkupError) -> MarkupDocument {
        try parse(bytes) { buffer, count, encoding in
            let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOCDATA.rawValue)
            return xmlReadMemory(buffer, count, url, encoding, options)
        }
    }

    public static func xml(_ text: String, url: String? = nil) throws(MarkupError) -> MarkupDocument {
        try xml(Array(text.utf8), url: url)
    }

    private static func parse(
        _ bytes: [UInt8],
        reader: (UnsafePointer<CChar>, Int32, UnsafePointer<CChar>?) -> xmlDocPtr?
    ) throws(MarkupError) -> MarkupDocument {
        LibXML2.initialise()
        guard bytes.contains(where: { !isWhitespace($0) }) else { throw MarkupError.empty }
        guard bytes.count < Int(Int32.max) else { throw MarkupError.unparsable(reason: "larger than 2 GB") }
        // Valid UTF-8 is declared as such, so a saved page without a charset is not read as
        // Latin-1; anything else is left to libxml2's detection (BOM, <meta charset>).
        let encoding: String? = String(validating: bytes, as: UTF8.self) != nil ? "UTF-8" : nil
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                if let encoding {
                    encoding.withCString { reader(characters, Int32(buffer.count), $0) }
                } else {
                    reader(characters, Int32(buffer.count), nil)
                }
            }
        }
        guard let document else {
            throw MarkupError.unparsable(reason: LibXML2.lastErrorMessage() ?? "libxml2 returned no document")
        }
        return MarkupDocument(pointer: document)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The root element (`<html>` for HTML), `nil` for a document without elements.
    public var root: MarkupNode? {
        xmlDocGetRootElement(pointer).map { MarkupNode(pointer: $0, document: self) }
    }

    /// The nodes an XPath expression selects from the document root, in document order.
    public func select(_ xpath: String) throws(MarkupError) -> [MarkupNode] {
        try XPathQuery.nodes(xpath, in: self, context: nil)
    }

    /// The first node an XPath expression selects, `nil` when none.
    public func first(_ xpath: String) throws(MarkupError) -> MarkupNode? {
        try select(xpath).first
    }
}

/// Process-wide libxml2 set-up.
enum LibXML2 {
    /// Initialises the parser once (libxml2 asks for it before threads use it) and silences
    /// its default error printing: recovery-mode parsing of real pages reports dozens of
    /// harmless errors per page on standard error otherwise.
    static func initialise() {
        _ = initialised
    }

    private static let initialised: Void = {
        xmlInitParser()
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        xmlSetGenericErrorFunc(nil, nil)
    }()

    static func lastErrorMessage() -> String? {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return nil }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
