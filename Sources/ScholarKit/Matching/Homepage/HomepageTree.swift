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
        /// An `<a>` without `href`: a bookmark (`<a name="x">`), which renders nothing.
        let isNamedAnchor: Bool
        /// Whether no element precedes it among its parent's children, as XPath's `*[1]`
        /// counts them (skipped subtrees included).
        let isFirstElementChild: Bool
        /// The element's runs of text and breaks, a range of `pieces`.
        var pieces: Range<Int> = 0..<0
        /// One past the last element of its subtree: descendants are `index + 1 ..< subtreeEnd`.
        var subtreeEnd: Int = 0
        var childIndices: [Int] = []
    }

    enum Piece {
        case text(TextRun)
        case lineBreak
    }

    /// A text node's characters with whitespace runs collapsed once, when the tree is built:
    /// an entry's text is assembled again for every element around it, and collapsing it
    /// each time (Unicode property look-ups per character) dominated the filter's profile.
    struct TextRun {
        /// The text between its first and last non-space characters, inner runs of spaces as one.
        let core: String
        let spaceBefore: Bool
        let spaceAfter: Bool
        /// The node's length in UTF-8 bytes before collapsing.
        let rawLength: Int

        init(_ text: String) {
            rawLength = text.utf8.count
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pending = false, before = false
            for scalar in text.unicodeScalars {
                if TextRun.isWhitespace(scalar) {
                    if bytes.isEmpty { before = true } else { pending = true }
                    continue
                }
                if pending { bytes.append(0x20); pending = false }
                UTF8.encode(scalar) { bytes.append($0) }
            }
            core = String(decoding: bytes, as: UTF8.self)
            spaceBefore = before
            spaceAfter = pending || (bytes.isEmpty && before)
        }

        /// The Unicode White_Space property, as `MarkupText.normalizingWhitespace` uses it,
        /// without a property look-up for ASCII.
        static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
            return scalar.properties.isWhitespace
        }
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
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p",
        "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    init(document: MarkupDocument) {
        guard let root = document.root else { return }
        let body = root.children.first { $0.name == "body" } ?? root
        visit(body, parent: nil, depth: 0, isFirstElementChild: true)
        for piece in pieces {
            let length = if case .text(let run) = piece { run.rawLength } else { 1 }
            pieceOffsets.append((pieceOffsets.last ?? 0) + length)
        }
    }

    private mutating func visit(_ node: MarkupNode, parent: Int?, depth: Int, isFirstElementChild: Bool) {
        let index = elements.count
        elements.append(Element(
            tag: node.name, classAttribute: node.attribute("class"), parent: parent, depth: depth,
            isNamedAnchor: node.name == "a" && node.attribute("href") == nil, isFirstElementChild: isFirstElementChild))
        if let parent { elements[parent].childIndices.append(index) }
        let start = pieces.count
        let isBlock = Self.blockTags.contains(node.name)
        if isBlock || node.name == "br" { pieces.append(.lineBreak) }
        var seenElement = false
        for child in node.childNodes {
            if child.isText {
                pieces.append(.text(TextRun(child.text)))
            } else {
                if !Self.skippedTags.contains(child.name) {
                    visit(child, parent: index, depth: depth + 1, isFirstElementChild: !seenElement)
                }
                seenElement = true
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

    /// Whether the element only wraps one child: all its text but a little white space is that
    /// child's (`<li><div class="row">…</div></li>`).
    func wrapsOneChild(_ index: Int) -> Bool {
        let children = elements[index].childIndices
        return children.count == 1 && textLength(of: children[0]) + 16 >= textLength(of: index)
    }

    /// Whether `descendant` lies inside `ancestor`'s subtree (an element is not its own descendant).
    func isDescendant(_ descendant: Int, of ancestor: Int) -> Bool {
        descendant > ancestor && descendant < elements[ancestor].subtreeEnd
    }

    /// The element's text as a reader sees it: whole, and as lines, each line's whitespace
    /// collapsed as `MarkupText.normalizingWhitespace` would.
    func text(of index: Int) -> ElementText {
        var lines: [String] = []
        var current = ""
        var pendingSpace = false
        for piece in pieces[elements[index].pieces] {
            switch piece {
            case .text(let run):
                if run.spaceBefore, !current.isEmpty { pendingSpace = true }
                guard !run.core.isEmpty else { continue }
                if pendingSpace { current += " " }
                current += run.core
                pendingSpace = run.spaceAfter
            case .lineBreak:
                if !current.isEmpty { lines.append(current) }
                current = ""
                pendingSpace = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return ElementText(lines: lines)
    }
}

/// An element's visible text, whole and split into lines at `<br>` and block edges.
struct ElementText {
    let lines: [String]
    /// The lines joined by spaces, kept since every title rule starts from it.
    let whole: String

    init(lines: [String]) {
        self.lines = lines
        whole = lines.joined(separator: " ")
    }
}
