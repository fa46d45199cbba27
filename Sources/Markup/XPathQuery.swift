import CLibXML2

/// Evaluates XPath 1.0 expressions with libxml2, freeing every intermediate object.
enum XPathQuery {
    static func nodes(_ expression: String, in document: MarkupDocument, context node: xmlNodePtr?) throws(MarkupError) -> [MarkupNode] {
        guard let context = xmlXPathNewContext(document.pointer) else {
            throw MarkupError.unparsable(reason: "libxml2 could not create an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        if let node { context.pointee.node = node }
        guard let result = expression.withCString({ xmlXPathEvalExpression(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), context) }) else {
            throw MarkupError.invalidXPath(expression)
        }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { index in
            table[index].map { MarkupNode(pointer: $0, document: document) }
        }
    }
}
