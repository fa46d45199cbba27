/// A bar chart of citations per year: one slot for every year from the first to the last,
/// years without citations included as empty slots (Scholar's histogram omits their bars and
/// OpenAlex's `counts_by_year` their entries, but a gap is a year with 0 citations, not a
/// missing year).
public struct CitationsPerYearChart: Sendable {
    public let title: String
    /// The years shown, oldest first, without gaps; empty when there is no data.
    public let years: [Int]
    /// Citations in each of `years`; negative counts from the caller are taken as 0.
    public let counts: [Int]
    public let width: Double
    public let height: Double

    /// - Parameters:
    ///   - countsByYear: citations per year, for one publication or summed over a search.
    ///   - width, height: the drawing's size in SVG user units; the default width is drawn at
    ///     about 1:1 on a 390-point-wide phone screen inside the page's margins, so 12-unit
    ///     labels stay 12 points tall there.
    /// All the citations the bars could have counted (the search's, or the publication's):
    /// the Ulm thesis's graph says which share of them could be given a year.
    public let citationsInAll: Int?

    public init(title: String, countsByYear: [Int: Int], citationsInAll: Int? = nil, width: Double = 360, height: Double = 240) {
        self.title = title
        self.citationsInAll = citationsInAll
        self.width = width
        self.height = height
        if let first = countsByYear.keys.min(), let last = countsByYear.keys.max() {
            years = Array(first...last)
            counts = years.map { max(0, countsByYear[$0] ?? 0) }
        } else {
            years = []
            counts = []
        }
    }

    public var total: Int { counts.reduce(0, +) }

    /// The year with the most citations (the earliest of tied years) and its count; `nil`
    /// without data or when every count is 0.
    public var peak: (year: Int, count: Int)? {
        guard let maximum = counts.max(), maximum > 0, let index = counts.firstIndex(of: maximum) else { return nil }
        return (years[index], maximum)
    }

    /// "Citations per year, 2009–2019: 1,338 in total; peak 348 in 2018".
    public var summary: String {
        guard let first = years.first, let last = years.last else { return "Citations per year: no citation data" }
        let span = first == last ? "\(first)" : "\(first)–\(last)"
        var text = "Citations per year, \(span): \(ChartScale.grouped(total)) in total"
        if let peak { text += "; peak \(ChartScale.grouped(peak.count)) in \(peak.year)" }
        if let all = citationsInAll, all > 0 {
            let share = min(100, Int((Double(total) / Double(all) * 100).rounded()))
            text += "; \(share) % of the \(ChartScale.grouped(all)) citations could be given a year"
        }
        return text
    }

    public var drawing: ChartDrawing {
        guard !years.isEmpty else {
            return ChartFrame.noData(title: title, summary: summary, width: width, height: height)
        }
        // Room above the plot for the title and for counts written over the tallest bar.
        let axis = CountAxis(maximum: counts.max() ?? 0, top: 44, bottom: height - 26)
        let left = ChartFrame.margin + axis.labelWidth + 6
        let right = width - ChartFrame.margin
        let slot = (right - left) / Double(years.count)
        let barWidth = slot * 0.72

        var elements: [ChartElement] = [ChartFrame.background(width: width, height: height), ChartFrame.title(title, width: width)]
        elements += axis.elements(left: left, right: right)

        let valueFontSize = 11.0
        let showValues = counts.allSatisfy { ChartScale.estimatedWidth(of: ChartScale.grouped($0), fontSize: valueFontSize) <= slot * 0.95 }
        for (index, (year, count)) in zip(years, counts).enumerated() {
            let centre = left + (Double(index) + 0.5) * slot
            let top = axis.y(Double(count))
            let label = "\(year): \(ChartScale.counted(count, "citation", "citations"))"
            elements.append(.rectangle(ChartRectangle(x: centre - barWidth / 2, y: top, width: barWidth, height: axis.bottom - top, role: .bar, label: label)))
            if showValues, count > 0 {
                elements.append(.text(ChartText(x: centre, y: top - 3, text: ChartScale.grouped(count), anchor: .middle, fontSize: valueFontSize, role: .valueLabel)))
            }
        }

        let every = yearLabelInterval(slot: slot)
        var labelled = years.indices.filter { years[$0] % every == 0 }
        if labelled.isEmpty { labelled = [0] }
        for index in labelled {
            let year = years[index]
            let centre = left + (Double(index) + 0.5) * slot
            elements.append(.text(ChartText(x: centre, y: axis.bottom + 16, text: String(year), anchor: .middle, fontSize: ChartFrame.labelFontSize, role: .tickLabel)))
        }
        return ChartDrawing(width: width, height: height, title: title, summary: summary, elements: elements)
    }

    /// Label every year when the labels fit their slots, else every 2nd, 5th, 10th, … year, on
    /// years divisible by that interval so the labels fall on round years.
    private func yearLabelInterval(slot: Double) -> Int {
        let labelWidth = years.map { ChartScale.estimatedWidth(of: String($0), fontSize: ChartFrame.labelFontSize) }.max() ?? 0
        // A quarter of a label's width keeps neighbours from touching.
        return ChartScale.niceStep(atLeast: labelWidth * 1.25 / slot)
    }
}
