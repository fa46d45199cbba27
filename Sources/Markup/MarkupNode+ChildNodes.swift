import CLibXML2

extension MarkupNode {
    /// The child nodes in document order, text included: elements, text and CDATA sections.
    /// Comments and processing instructions are left out. Callers that need to know where a
    /// `<br>` falls between two runs of text (a title before the line break) walk these.
    public var childNodes: [MarkupNode] {
        var result: [MarkupNode] = []
        var child = pointer.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_ELEMENT_NODE, XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                result.append(MarkupNode(pointer: node, document: document))
            default:
                break
            }
            child = node.pointee.next
        }
        return result
    }

    /// Whether the node is a run of text (a text node or a CDATA section), not an element.
    public var isText: Bool {
        pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE
    }
}
