import Markup

/// A homepage flattened for the filter: its elements in document order, each with its tag,
/// class attribute, parent and the runs of text it spans, with line breaks where a `<br>` or
/// a block element's edge falls. Walking libxml2's tree once and working on indices afterwards
/// keeps pattern inference and extraction free of repeated XPath and text copies.
struct HomepageTree {
    struct Element {
        let tag: String
        let classAttribute: String?
        let parent: Int?
        let depth: Int
        /// The element's runs of text and breaks, a range of `pieces`.
        var pieces: Range<Int> = 0..<0
        /// One past the last element of its subtree: descendants are `index + 1 ..< subtreeEnd`.
        var subtreeEnd: Int = 0
        var childIndices: [Int] = []
    }

    enum Piece {
        case text(String)
        case lineBreak
    }

    private(set) var elements: [Element] = []
    private(set) var pieces: [Piece] = []
    private var pieceOffsets: [Int] = [0]

    /// Subtrees whose text no reader sees as a publication list: code, styles, forms, and
    /// `<pre>`, where al-folio pages keep a hidden BibTeX copy of every entry.
    private static let skippedTags: Set<String> = [
        "script", "style", "noscript", "template", "textarea", "select", "button", "svg", "pre", "head", "iframe",
    ]

    /// Elements whose edges break a line of text, as a browser lays them out.
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
        "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    init(document: MarkupDocument) {
        guard let root = document.root else { return }
        let body = root.children.first { $0.name == "body" } ?? root
        visit(body, parent: nil, depth: 0)
        for piece in pieces {
            let length = if case .text(let text) = piece { text.utf8.count } else { 1 }
            pieceOffsets.append((pieceOffsets.last ?? 0) + length)
        }
    }

    private mutating func visit(_ node: MarkupNode, parent: Int?, depth: Int) {
        let index = elements.count
        elements.append(Element(tag: node.name, classAttribute: node.attribute("class"), parent: parent, depth: depth))
        if let parent { elements[parent].childIndices.append(index) }
        let start = pieces.count
        let isBlock = Self.blockTags.contains(node.name)
        if isBlock || node.name == "br" { pieces.append(.lineBreak) }
        for child in node.childNodes {
            if child.isText {
                pieces.append(.text(child.text))
            } else if !Self.skippedTags.contains(child.name) {
                visit(child, parent: index, depth: depth + 1)
            }
        }
        if isBlock { pieces.append(.lineBreak) }
        elements[index].pieces = start..<pieces.count
        elements[index].subtreeEnd = elements.count
    }

    var count: Int { elements.count }

    subscript(index: Int) -> Element { elements[index] }

    /// The length of an element's text in UTF-8 bytes, before whitespace is collapsed.
    func textLength(of index: Int) -> Int {
        let range = elements[index].pieces
        return pieceOffsets[range.upperBound] - pieceOffsets[range.lowerBound]
    }

    /// Whether `descendant` lies inside `ancestor`'s subtree (an element is not its own descendant).
    func isDescendant(_ descendant: Int, of ancestor: Int) -> Bool {
        descendant > ancestor && descendant < elements[ancestor].subtreeEnd
    }

    /// The element's text as a reader sees it: whole, and as lines.
    func text(of index: Int) -> ElementText {
        var lines: [String] = []
        var current = ""
        for piece in pieces[elements[index].pieces] {
            switch piece {
            case .text(let text):
                current += text
            case .lineBreak:
                let line = MarkupText.normalizingWhitespace(current)
                if !line.isEmpty { lines.append(line) }
                current = ""
            }
        }
        let last = MarkupText.normalizingWhitespace(current)
        if !last.isEmpty { lines.append(last) }
        return ElementText(lines: lines)
    }
}

/// An element's visible text, whole and split into lines at `<br>` and block edges.
struct ElementText {
    let lines: [String]
    var whole: String { lines.joined(separator: " ") }
}
