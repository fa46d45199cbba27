import OrderKit
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

/// One page being drawn: text, lines and rectangles in PDF coordinates — points, origin at the
/// bottom-left corner, y upwards (ISO 32000-1 §8.3.2.3, default user space).
///
/// Each call appends operators to the page's content stream (§8, §9.4); graphics state changes
/// are wrapped in `q`…`Q` so a grey fill never leaks into the next piece of text.
public struct PDFPage: Sendable, Hashable {
    public let size: PDFPageSize
    /// The content stream's operators, uncompressed (Foundation has no Flate encoder on every
    /// platform; an order of 200 lines stays around a hundred kilobytes).
    private(set) var content: [UInt8] = []

    public init(size: PDFPageSize = .a4) {
        self.size = size
    }

    /// Draws one line of text with its baseline at `y`. The text is encoded as WinAnsi (see
    /// `WinAnsiEncoding`: characters it lacks print as "?", line breaks as spaces); to break a
    /// long text into lines use `PDFTextWrapper` first.
    public mutating func drawText(
        _ text: String, x: Double, y: Double, font: PDFFont = .helvetica, size: Double = 10, alignment: PDFTextAlignment = .left
    ) {
        let bytes = WinAnsiEncoding.encode(text)
        guard !bytes.isEmpty else { return }
        let width = font.width(ofEncoded: bytes, size: size)
        let start = switch alignment {
        case .left: x
        case .right: x - width
        case .center: x - width / 2
        }
        append("BT /\(font.resourceName) \(PDFSyntax.number(size)) Tf \(PDFSyntax.number(start)) \(PDFSyntax.number(y)) Td ")
        content += PDFSyntax.literalString(bytes)
        append(" Tj ET\n")
    }

    /// Draws a straight line; `gray` is 0 (black) to 1 (white).
    public mutating func drawLine(fromX x1: Double, y y1: Double, toX x2: Double, y y2: Double, lineWidth: Double = 0.5, gray: Double = 0) {
        append("q \(PDFSyntax.number(clamped(gray))) G \(PDFSyntax.number(lineWidth)) w ")
        append("\(PDFSyntax.number(x1)) \(PDFSyntax.number(y1)) m \(PDFSyntax.number(x2)) \(PDFSyntax.number(y2)) l S Q\n")
    }

    /// Fills a rectangle whose lower-left corner is (x, y) with a grey (0 black … 1 white), as
    /// behind a table's header row.
    public mutating func fillRectangle(x: Double, y: Double, width: Double, height: Double, gray: Double) {
        append("q \(PDFSyntax.number(clamped(gray))) g \(rectangle(x, y, width, height)) re f Q\n")
    }

    /// Outlines a rectangle whose lower-left corner is (x, y).
    public mutating func strokeRectangle(x: Double, y: Double, width: Double, height: Double, lineWidth: Double = 0.5, gray: Double = 0) {
        append("q \(PDFSyntax.number(clamped(gray))) G \(PDFSyntax.number(lineWidth)) w \(rectangle(x, y, width, height)) re S Q\n")
    }

    private func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        "\(PDFSyntax.number(x)) \(PDFSyntax.number(y)) \(PDFSyntax.number(width)) \(PDFSyntax.number(height))"
    }

    private func clamped(_ gray: Double) -> Double {
        gray.isFinite ? min(max(gray, 0), 1) : 0
    }

    private mutating func append(_ operators: String) {
        content += Array(operators.utf8)
    }
}
