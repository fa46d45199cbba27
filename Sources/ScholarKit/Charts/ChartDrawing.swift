/// A chart as a list of shapes in a coordinate space of `width` × `height` units (y grows
/// downwards, as in SVG), independent of how it is rendered: ``SVGChartRenderer`` writes it
/// as SVG, ``PNGChartRenderer`` rasterises the same shapes, so both outputs always agree.
public struct ChartDrawing: Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// The chart's accessible name (SVG `<title>`), also drawn at its top.
    public var title: String
    /// One sentence that says what the chart shows, for readers who cannot see it (SVG `<desc>`
    /// and `aria-label`).
    public var summary: String
    /// Shapes in painting order: later ones are drawn over earlier ones.
    public var elements: [ChartElement]

    public init(width: Double, height: Double, title: String, summary: String, elements: [ChartElement] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.summary = summary
        self.elements = elements
    }

    /// The rectangles of one role, in painting order (for example the bars).
    public func rectangles(_ role: ChartRole) -> [ChartRectangle] {
        elements.compactMap { if case .rectangle(let rectangle) = $0, rectangle.role == role { rectangle } else { nil } }
    }

    /// The lines of one role, in painting order.
    public func lines(_ role: ChartRole) -> [ChartLine] {
        elements.compactMap { if case .line(let line) = $0, line.role == role { line } else { nil } }
    }

    /// The texts of one role, in painting order.
    public func texts(_ role: ChartRole) -> [ChartText] {
        elements.compactMap { if case .text(let text) = $0, text.role == role { text } else { nil } }
    }
}

/// One shape of a ``ChartDrawing``.
public enum ChartElement: Sendable, Equatable {
    case rectangle(ChartRectangle)
    case line(ChartLine)
    case text(ChartText)
}

/// What a shape stands for; renderers colour shapes by role (``ChartPalette``) and SVG names
/// it in the `class` attribute, so a stylesheet can restyle a chart without touching it.
public enum ChartRole: String, Sendable, Hashable, CaseIterable {
    case background
    case gridline
    case axis
    /// A data bar.
    case bar
    /// A bar of a paper in the h-core (the h most cited papers).
    case hCoreBar = "h-core-bar"
    /// The translucent h × h square of the h-index figure.
    case hSquare = "h-square"
    /// The edges of the h × h square.
    case hSquareEdge = "h-square-edge"
    /// The line y = x of the h-index figure.
    case diagonal
    /// The gap drawn across a bar cut off at the top of the plot.
    case cutMark = "cut-mark"
    /// A panel behind a label, so bars and lines under it do not hide it.
    case labelBackground = "label-background"
    case title
    /// Numbers and years along an axis.
    case tickLabel = "tick-label"
    /// What an axis measures ("Citations").
    case axisTitle = "axis-title"
    /// A count written above its bar.
    case valueLabel = "value-label"
    /// A statement about the data drawn in the plot ("h = 17").
    case annotation
    /// A message in place of data ("No citation data").
    case note
}

/// An axis-aligned rectangle; a zero height is valid (a bar for a count of 0).
public struct ChartRectangle: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var role: ChartRole
    /// What the shape stands for in words ("2018: 348 citations"), an SVG tooltip.
    public var label: String?

    public init(x: Double, y: Double, width: Double, height: Double, role: ChartRole, label: String? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.role = role
        self.label = label
    }
}

/// A straight line segment `width` units thick.
public struct ChartLine: Sendable, Equatable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    public var width: Double
    public var role: ChartRole

    public init(x1: Double, y1: Double, x2: Double, y2: Double, width: Double = 1, role: ChartRole) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.width = width
        self.role = role
    }
}

/// One line of text whose baseline passes through `y`.
public struct ChartText: Sendable, Equatable {
    /// Which point of the text `x` is: as SVG's `text-anchor`.
    public enum Anchor: String, Sendable, Equatable {
        case start, middle, end
    }

    public var x: Double
    public var y: Double
    public var text: String
    public var anchor: Anchor
    public var fontSize: Double
    public var bold: Bool
    public var role: ChartRole

    public init(x: Double, y: Double, text: String, anchor: Anchor = .start, fontSize: Double = 11, bold: Bool = false, role: ChartRole) {
        self.x = x
        self.y = y
        self.text = text
        self.anchor = anchor
        self.fontSize = fontSize
        self.bold = bold
        self.role = role
    }
}
