/// The parts every chart shares: the title line, a vertical count axis with gridlines, and
/// the drawing shown when there is nothing to plot.
enum ChartFrame {
    static let margin = 12.0
    static let titleFontSize = 14.0
    static let titleBaseline = 20.0
    static let labelFontSize = 12.0

    static func title(_ title: String, width: Double) -> ChartElement {
        let text = ChartScale.truncated(title, toWidth: width - 2 * margin, fontSize: titleFontSize)
        return .text(ChartText(x: margin, y: titleBaseline, text: text, fontSize: titleFontSize, bold: true, role: .title))
    }

    static func background(width: Double, height: Double) -> ChartElement {
        .rectangle(ChartRectangle(x: 0, y: 0, width: width, height: height, role: .background))
    }

    /// A chart that says "No citation data" where the plot would be, instead of an empty frame.
    static func noData(title: String, summary: String, width: Double, height: Double) -> ChartDrawing {
        ChartDrawing(width: width, height: height, title: title, summary: summary, elements: [
            background(width: width, height: height),
            self.title(title, width: width),
            .text(ChartText(x: width / 2, y: height / 2 + 5, text: "No citation data", anchor: .middle, fontSize: 13, role: .note)),
        ])
    }
}

/// A vertical axis of counts from 0 at `bottom` to the last tick at `top`.
struct CountAxis {
    let ticks: [Int]
    let top: Double
    let bottom: Double

    init(maximum: Int, top: Double, bottom: Double) {
        // Plots on a phone are about 150 units tall: five intervals keep labels 30 apart.
        self.ticks = ChartScale.ticks(upTo: maximum, maximumIntervals: 5)
        self.top = top
        self.bottom = bottom
    }

    /// The highest value on the axis.
    var limit: Int { ticks.last ?? 1 }

    /// The width the tick labels need, right-aligned against the plot.
    var labelWidth: Double {
        ticks.map { ChartScale.estimatedWidth(of: ChartScale.grouped($0), fontSize: ChartFrame.labelFontSize) }.max() ?? 0
    }

    func y(_ value: Double) -> Double {
        bottom - min(value, Double(limit)) / Double(limit) * (bottom - top)
    }

    /// Gridlines across the plot and their labels to its left; the line at 0 is the axis.
    func elements(left: Double, right: Double) -> [ChartElement] {
        ticks.flatMap { tick -> [ChartElement] in
            let y = y(Double(tick))
            return [
                .line(ChartLine(x1: left, y1: y, x2: right, y2: y, role: tick == 0 ? .axis : .gridline)),
                .text(ChartText(x: left - 6, y: y + 4, text: ChartScale.grouped(tick), anchor: .end, fontSize: ChartFrame.labelFontSize, role: .tickLabel)),
            ]
        }
    }
}
