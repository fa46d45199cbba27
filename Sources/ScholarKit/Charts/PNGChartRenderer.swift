import Raster

/// Rasterises a ``ChartDrawing`` into a PNG: the same shapes and colours as the SVG, text drawn
/// by the platform's ``TextRenderer`` (DejaVu Sans through Pango on Linux) at the drawing's font
/// size, so "Brașov" and "Ελλάδα" in a title print as written.
public enum PNGChartRenderer {
    /// - Parameter scale: pixels per drawing unit; 2 gives a sharp image on phone screens
    ///   (an 800 × 500 PNG for the default 400 × 250 chart).
    public static func render(
        _ drawing: ChartDrawing, scale: Int = 2, palette: ChartPalette = .standard, text: any TextRenderer = TextRenderers.platform
    ) throws(PNGError) -> [UInt8] {
        try PNG.encode(image(drawing, scale: scale, palette: palette, text: text))
    }

    /// The rasterised drawing, before PNG encoding.
    public static func image(
        _ drawing: ChartDrawing, scale: Int = 2, palette: ChartPalette = .standard, text renderer: any TextRenderer = TextRenderers.platform
    ) -> RGBAImage {
        let scale = Double(max(1, scale))
        var image = RGBAImage(width: pixels(drawing.width, scale), height: pixels(drawing.height, scale), fill: .white)
        for element in drawing.elements {
            switch element {
            case .rectangle(let rectangle):
                let left = pixels(rectangle.x, scale), top = pixels(rectangle.y, scale)
                // Both edges are rounded, not the size, so adjacent shapes share edges exactly.
                image.fillRectangle(
                    x: left, y: top,
                    width: pixels(rectangle.x + rectangle.width, scale) - left,
                    height: pixels(rectangle.y + rectangle.height, scale) - top,
                    color: palette.color(for: rectangle.role))
            case .line(let line):
                image.drawLine(
                    fromX: pixels(line.x1, scale), y: pixels(line.y1, scale),
                    toX: pixels(line.x2, scale), y: pixels(line.y2, scale),
                    thickness: max(1, pixels(line.width, scale)),
                    color: palette.color(for: line.role))
            case .text(let text):
                draw(text, in: &image, scale: scale, color: palette.color(for: text.role), renderer: renderer)
            }
        }
        return image
    }

    /// The text's baseline and anchor are the SVG's (`y` is the baseline, `anchor` the end of
    /// the line at `x`), and its size the SVG's font size, in pixels at `scale`.
    private static func draw(_ text: ChartText, in image: inout RGBAImage, scale: Double, color: RGBAColor, renderer: any TextRenderer) {
        let pixelSize = text.fontSize * scale
        let width = renderer.measure(text.text, pixelSize: pixelSize, bold: text.bold).width
        let anchorX = pixels(text.x, scale)
        let left = switch text.anchor {
        case .start: anchorX
        case .middle: anchorX - width / 2
        case .end: anchorX - width
        }
        image.drawText(text.text, x: left, baseline: pixels(text.y, scale), pixelSize: pixelSize, bold: text.bold, color: color, renderer: renderer)
    }

    private static func pixels(_ units: Double, _ scale: Double) -> Int {
        // Clamped so a nonsensical coordinate cannot trap the Double-to-Int conversion; anything
        // that far out is clipped away by the image anyway.
        let value = (units * scale).rounded()
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1_000_000), 1_000_000))
    }
}
