/// Where a line of text becomes pixels. Raster composites the pixels; the glyphs are the
/// platform's: Pango and cairo with DejaVu Sans on Linux (``TextRenderers/platform``), and on an
/// Apple platform an app passes one built on Core Text.
public protocol TextRenderer: Sendable {
    /// The line's box at `pixelSize` pixels per em: its advance width, its height (ascent +
    /// descent) and the baseline's distance from its top, in whole pixels.
    func measure(_ text: String, pixelSize: Double, bold: Bool) -> TextBox
    /// The line as coverage, 0 (no ink) to 255 (full ink), over exactly the box `measure` gives.
    func rasterize(_ text: String, pixelSize: Double, bold: Bool) -> TextCoverage
}

/// The box a line of text occupies, in pixels.
public struct TextBox: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// From the top of the box to the baseline.
    public var baseline: Int

    public init(width: Int, height: Int, baseline: Int) {
        self.width = width
        self.height = height
        self.baseline = baseline
    }
}

/// A line of text's ink: one byte of coverage per pixel of its `box`, rows top to bottom.
public struct TextCoverage: Sendable, Hashable {
    public var box: TextBox
    public var coverage: [UInt8]

    /// Nil when `coverage` does not hold one byte per pixel of `box`.
    public init?(box: TextBox, coverage: [UInt8]) {
        guard box.width >= 0, box.height >= 0, coverage.count == box.width * box.height else { return nil }
        self.box = box
        self.coverage = coverage
    }

    public static let empty = TextCoverage(uncheckedBox: TextBox(width: 0, height: 0, baseline: 0), coverage: [])

    private init(uncheckedBox: TextBox, coverage: [UInt8]) {
        self.box = uncheckedBox
        self.coverage = coverage
    }
}

public enum TextRenderers {
    /// The renderer this platform has without help: Pango and cairo where they are linked
    /// (Linux), else one that draws nothing (an app passes its own).
    public static var platform: any TextRenderer {
        #if canImport(DocumentDrawingLinux)
        PangoTextRenderer()
        #else
        MissingTextRenderer()
        #endif
    }
}

/// What ``TextRenderers/platform`` is where no text library is linked: empty boxes, no ink.
struct MissingTextRenderer: TextRenderer {
    func measure(_ text: String, pixelSize: Double, bold: Bool) -> TextBox { TextBox(width: 0, height: 0, baseline: 0) }
    func rasterize(_ text: String, pixelSize: Double, bold: Bool) -> TextCoverage { .empty }
}

extension RGBAImage {
    /// Draws one line of `text` with the left end of its baseline at (`x`, `baseline`), in
    /// `color` blended by the glyphs' coverage (antialiased edges). Pixels outside the image
    /// are clipped. Returns the box drawn, in image coordinates.
    @discardableResult
    public mutating func drawText(
        _ text: String, x: Int, baseline: Int, pixelSize: Double, bold: Bool = false, color: RGBAColor,
        renderer: any TextRenderer = TextRenderers.platform
    ) -> (x: Int, y: Int, width: Int, height: Int) {
        let glyphs = renderer.rasterize(text, pixelSize: pixelSize, bold: bold)
        let top = baseline - glyphs.box.baseline
        for row in 0..<glyphs.box.height {
            for column in 0..<glyphs.box.width {
                let ink = glyphs.coverage[row * glyphs.box.width + column]
                guard ink > 0 else { continue }
                var shade = color
                shade.alpha = UInt8(Int(color.alpha) * Int(ink) / 255)
                blend(shade, x: x + column, y: top + row)
            }
        }
        return (x, top, glyphs.box.width, glyphs.box.height)
    }
}
