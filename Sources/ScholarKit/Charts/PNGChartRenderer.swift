import Raster

/// Rasterises a ``ChartDrawing`` into a PNG: the same shapes and colours as the SVG, text in
/// Raster's embedded 5×7 bitmap font (a Kit has no font library to draw with).
public enum PNGChartRenderer {
    /// - Parameter scale: pixels per drawing unit; 2 gives a sharp image on phone screens
    ///   (an 800 × 500 PNG for the default 400 × 250 chart).
    public static func render(_ drawing: ChartDrawing, scale: Int = 2, palette: ChartPalette = .standard) throws(PNGError) -> [UInt8] {
        try PNG.encode(image(drawing, scale: scale, palette: palette))
    }

    /// The rasterised drawing, before PNG encoding.
    public static func image(_ drawing: ChartDrawing, scale: Int = 2, palette: ChartPalette = .standard) -> RGBAImage {
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
                draw(text, in: &image, scale: scale, color: palette.color(for: text.role))
            }
        }
        return image
    }

    private static func draw(_ text: ChartText, in image: inout RGBAImage, scale: Double, color: RGBAColor) {
        // The font's 7 rows stand for the cap height, about 0.7 em in common sans-serif fonts.
        let fontScale = max(1, Int((text.fontSize * scale / 10).rounded()))
        let size = BitmapFont.size(of: text.text, scale: fontScale)
        let anchorX = pixels(text.x, scale)
        let left = switch text.anchor {
        case .start: anchorX
        case .middle: anchorX - size.width / 2
        case .end: anchorX - size.width
        }
        let top = pixels(text.y, scale) - size.height
        image.drawText(text.text, x: left, y: top, scale: fontScale, color: color)
        if text.bold {
            image.drawText(text.text, x: left + max(1, fontScale / 2), y: top, scale: fontScale, color: color)
        }
    }

    private static func pixels(_ units: Double, _ scale: Double) -> Int {
        // Clamped so a nonsensical coordinate cannot trap the Double-to-Int conversion; anything
        // that far out is clipped away by the image anyway.
        let value = (units * scale).rounded()
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1_000_000), 1_000_000))
    }
}
