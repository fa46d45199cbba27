import OrderKit
import Markup

extension MarkupNode {
    /// The child elements with this local name, whatever their namespace prefix: the
    /// transitional and strict OOXML namespaces differ, the local names do not.
    func childElements(_ localName: String) -> [MarkupNode] {
        children.filter { $0.name == localName }
    }

    func childElement(_ localName: String) -> MarkupNode? {
        children.first { $0.name == localName }
    }
}
