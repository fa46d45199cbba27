/// The classic h-index figure (Hirsch 2005, fig. 1): papers ranked by citations on x, their
/// citations on y as bars, the line y = x, and the h × h square whose corner is where the
/// two meet — the h papers left of it have at least h citations each.
public struct HIndexChart: Sendable {
    public let title: String
    /// All citation counts, most cited first; negative counts from the caller are taken as 0.
    public let citations: [Int]
    /// The h-index of `citations`.
    public let h: Int
    public let width: Double
    public let height: Double

    /// - Parameters:
    ///   - citations: citation counts of the papers, in any order.
    ///   - width, height: the drawing's size in SVG user units (see ``CitationsPerYearChart``).
    public init(title: String, citations: [Int], width: Double = 360, height: Double = 260) {
        self.title = title
        self.citations = citations.map { max(0, $0) }.sorted(by: >)
        self.h = HIndex.ofDescending(self.citations)
        self.width = width
        self.height = height
    }

    /// How many papers the x axis shows: a long tail of rarely cited papers would squeeze the
    /// h-core into a sliver, so beyond 2h papers (and at least 20) the tail is left out.
    public var shownPaperCount: Int {
        min(citations.count, max(2 * h, 20))
    }

    /// The top of the y axis before rounding to a tick: the most cited paper, unless it is
    /// more than three times the number of papers shown, where it would flatten the square;
    /// taller bars are then cut at the top of the plot and marked. At most a quarter of the
    /// bars (and at least one) are cut: three papers of 11,960, 6,664 and 327 citations would
    /// otherwise all be cut at 10, and the figure would show nothing.
    var citationLimit: Int {
        let mayBeCut = max(1, shownPaperCount / 4)
        let mustFit = mayBeCut < shownPaperCount ? citations[mayBeCut] : 0
        return min(citations.first ?? 0, max(3 * shownPaperCount, 10, mustFit))
    }

    public var summary: String {
        guard !citations.isEmpty else { return "Citation curve: no citation data" }
        var text = "Citation curve of \(ChartScale.counted(citations.count, "paper", "papers")) ranked by citations: h = \(h)"
        if h > 0 {
            let papers = h == 1 ? "1 paper has" : "\(h) papers have"
            text += ", as \(papers) at least \(ChartScale.counted(h, "citation", "citations"))\(h == 1 ? "" : " each")"
        }
        if shownPaperCount < citations.count {
            text += "; the \(shownPaperCount) most cited are shown"
        }
        let axisTop = CountAxis(maximum: citationLimit, top: 0, bottom: 1).limit
        let cut = citations.prefix(shownPaperCount).filter { $0 > axisTop }.count
        if cut > 0 {
            text += "; \(ChartScale.counted(cut, "bar", "bars")) above \(ChartScale.grouped(axisTop)) citations \(cut == 1 ? "is" : "are") cut off"
        }
        return text
    }

    public var drawing: ChartDrawing {
        guard !citations.isEmpty else {
            return ChartFrame.noData(title: title, summary: summary, width: width, height: height)
        }
        let shown = Array(citations.prefix(shownPaperCount))
        let axis = CountAxis(maximum: citationLimit, top: 52, bottom: height - 40)
        let left = ChartFrame.margin + axis.labelWidth + 6
        let right = width - ChartFrame.margin
        let slot = (right - left) / Double(shown.count)
        func x(_ rank: Double) -> Double { left + rank * slot }

        var elements: [ChartElement] = [ChartFrame.background(width: width, height: height), ChartFrame.title(title, width: width)]
        elements.append(.text(ChartText(x: ChartFrame.margin, y: axis.top - 12, text: "Citations", fontSize: ChartFrame.labelFontSize, role: .axisTitle)))
        elements += axis.elements(left: left, right: right)

        // Bars touch when there are many, as a curve would; a small gap separates a few.
        let gap = min(slot * 0.15, 2)
        for (index, count) in shown.enumerated() {
            let top = axis.y(Double(count))
            let label = "Paper \(index + 1): \(ChartScale.counted(count, "citation", "citations"))"
            elements.append(.rectangle(ChartRectangle(
                x: x(Double(index)) + gap / 2, y: top, width: max(slot - gap, 0.5), height: axis.bottom - top,
                role: index < h ? .hCoreBar : .bar, label: label)))
            if count > axis.limit {
                elements.append(.line(ChartLine(x1: x(Double(index)), y1: axis.top + 6, x2: x(Double(index + 1)), y2: axis.top + 6, width: 2, role: .cutMark)))
            }
        }

        // y = x from the origin until it leaves the plot at its right or top edge.
        let diagonalEnd = min(Double(shown.count), Double(axis.limit))
        elements.append(.line(ChartLine(x1: x(0), y1: axis.bottom, x2: x(diagonalEnd), y2: axis.y(diagonalEnd), width: 1.5, role: .diagonal)))

        if h > 0 {
            let corner = (x: x(Double(h)), y: axis.y(Double(h)))
            elements.append(.rectangle(ChartRectangle(x: left, y: corner.y, width: corner.x - left, height: axis.bottom - corner.y, role: .hSquare, label: "h × h square, h = \(h)")))
            elements.append(.line(ChartLine(x1: left, y1: corner.y, x2: corner.x, y2: corner.y, width: 2, role: .hSquareEdge)))
            elements.append(.line(ChartLine(x1: corner.x, y1: corner.y, x2: corner.x, y2: axis.bottom, width: 2, role: .hSquareEdge)))
        }
        elements += hLabel(axis: axis, corner: x(Double(h)), left: left, right: right)
        elements += rankLabels(count: shown.count, axis: axis, slot: slot, x: x)
        elements.append(.text(ChartText(x: (left + right) / 2, y: height - 8, text: "Papers, most cited first", anchor: .middle, fontSize: ChartFrame.labelFontSize, role: .axisTitle)))
        return ChartDrawing(width: width, height: height, title: title, summary: summary, elements: elements)
    }

    /// "h = N" just above and right of the square's corner, on a light panel so bars behind
    /// it do not hide it; left of the corner when the right side has no room.
    private func hLabel(axis: CountAxis, corner: Double, left: Double, right: Double) -> [ChartElement] {
        let text = "h = \(h)"
        let fontSize = 12.0
        let textWidth = ChartScale.estimatedWidth(of: text, fontSize: fontSize)
        let baseline = max(axis.y(Double(h)) - 6, axis.top + fontSize)
        let startsAtCorner = corner + 4 + textWidth <= right
        let start = startsAtCorner ? corner + 4 : max(left + 2, corner - 4 - textWidth)
        return [
            .rectangle(ChartRectangle(x: start - 2, y: baseline - fontSize, width: textWidth + 4, height: fontSize + 4, role: .labelBackground)),
            .text(ChartText(x: start, y: baseline, text: text, fontSize: fontSize, bold: true, role: .annotation)),
        ]
    }

    /// Ranks under the bars: 1, then every 2nd, 5th, 10th, … paper so labels do not collide.
    private func rankLabels(count: Int, axis: CountAxis, slot: Double, x: (Double) -> Double) -> [ChartElement] {
        let labelWidth = ChartScale.estimatedWidth(of: String(count), fontSize: ChartFrame.labelFontSize)
        let every = ChartScale.niceStep(atLeast: labelWidth * 1.5 / slot)
        let ranks = [1] + stride(from: every, through: count, by: every).filter { $0 > 1 && Double($0 - 1) * slot >= labelWidth * 1.25 }
        return ranks.map { rank in
            .text(ChartText(x: x(Double(rank) - 0.5), y: axis.bottom + 15, text: String(rank), anchor: .middle, fontSize: ChartFrame.labelFontSize, role: .tickLabel))
        }
    }
}
