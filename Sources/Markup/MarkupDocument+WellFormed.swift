import CLibXML2

extension MarkupDocument {
    /// Whether libxml2 read the document as well-formed XML. `xml(_:)` parses in recovery mode,
    /// so a truncated or mismatched body still gives a tree; callers that must refuse such a
    /// body (a webservice answer cut off mid-record) check this. libxml2 sets the flag only
    /// when the parse met no well-formedness error (`XML_DOC_WELLFORMED`, parser.c). Meaningful
    /// for documents from `xml(_:)` only.
    public var isWellFormed: Bool {
        pointer.pointee.properties & Int32(XML_DOC_WELLFORMED.rawValue) != 0
    }
}
