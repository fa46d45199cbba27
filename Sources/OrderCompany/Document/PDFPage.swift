/// A page size in points (1/72 inch).
public struct PDFPageSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO 216 A4, 210 × 297 mm, as most software writes it: 595.28 × 841.89 points.
    public static let a4 = PDFPageSize(width: 595.28, height: 841.89)
}

/// Where a line of text sits relative to the x it is drawn at.
public enum PDFTextAlignment: Sendable, Hashable {
    /// The text starts at x.
    case left
    /// The text ends at x: for amounts in a column.
    case right
    /// The text is centred on x.
    case center
}

/// One page laid out: what goes where, in PDF coordinates — points, origin at the bottom-left
/// corner, y upwards (ISO 32000-1 §8.3.2.3, default user space).
///
/// The page only records its marks; `PDFRenderer` draws them (cairo on Linux). Text is placed
/// here, with its width measured by `PDFFont`, so alignment and wrapping are decided in the layout.
public struct PDFPage: Sendable, Hashable {
    public let size: PDFPageSize
    /// The marks in drawing order.
    public private(set) var marks: [PDFMark] = []

    public init(size: PDFPageSize = .a4) {
        self.size = size
    }

    /// Draws one line of text with its baseline at `y` (line breaks print as spaces; to break a
    /// long text into lines use `PDFTextWrapper` first).
    public mutating func drawText(
        _ text: String, x: Double, y: Double, font: PDFFont = .regular, size: Double = 10, alignment: PDFTextAlignment = .left
    ) {
        guard !text.isEmpty else { return }
        let start: Double = switch alignment {
        case .left: x
        case .right: x - font.width(of: text, size: size)
        case .center: x - font.width(of: text, size: size) / 2
        }
        marks.append(.text(text, x: start, y: y, font: font, size: size))
    }

    /// Draws a straight line; `gray` is 0 (black) to 1 (white).
    public mutating func drawLine(fromX x1: Double, y y1: Double, toX x2: Double, y y2: Double, lineWidth: Double = 0.5, gray: Double = 0) {
        marks.append(.line(x1: x1, y1: y1, x2: x2, y2: y2, lineWidth: lineWidth, gray: clamped(gray)))
    }

    /// Fills a rectangle whose lower-left corner is (x, y) with a grey (0 black … 1 white), as
    /// behind a table's header row.
    public mutating func fillRectangle(x: Double, y: Double, width: Double, height: Double, gray: Double) {
        marks.append(.fill(x: x, y: y, width: width, height: height, gray: clamped(gray)))
    }

    /// Outlines a rectangle whose lower-left corner is (x, y).
    public mutating func strokeRectangle(x: Double, y: Double, width: Double, height: Double, lineWidth: Double = 0.5, gray: Double = 0) {
        marks.append(.stroke(x: x, y: y, width: width, height: height, lineWidth: lineWidth, gray: clamped(gray)))
    }

    /// Draws a PNG scaled to the rectangle whose lower-left corner is (x, y); a PNG the renderer
    /// cannot read is left out.
    public mutating func drawImage(png: [UInt8], x: Double, y: Double, width: Double, height: Double) {
        marks.append(.image(png: png, x: x, y: y, width: width, height: height))
    }

    private func clamped(_ gray: Double) -> Double {
        gray.isFinite ? min(max(gray, 0), 1) : 0
    }
}

/// One thing drawn on a `PDFPage`, in the page's coordinates (origin bottom-left).
public enum PDFMark: Sendable, Hashable {
    /// A line of text starting at x, its baseline at y.
    case text(String, x: Double, y: Double, font: PDFFont, size: Double)
    case line(x1: Double, y1: Double, x2: Double, y2: Double, lineWidth: Double, gray: Double)
    case fill(x: Double, y: Double, width: Double, height: Double, gray: Double)
    case stroke(x: Double, y: Double, width: Double, height: Double, lineWidth: Double, gray: Double)
    case image(png: [UInt8], x: Double, y: Double, width: Double, height: Double)
}
