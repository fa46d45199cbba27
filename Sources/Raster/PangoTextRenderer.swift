#if canImport(DocumentDrawingLinux)
import DocumentDrawingLinux

/// Text through Pango and cairo in DejaVu Sans (the DocumentDrawingLinux target, linked on
/// Linux only): shaped, antialiased, any character the font covers.
struct PangoTextRenderer: TextRenderer {
    func measure(_ text: String, pixelSize: Double, bold: Bool) -> TextBox {
        let extent = PangoText.measure(text, font: DrawingFont(size: pixelSize, bold: bold))
        return TextBox(
            width: Int(extent.width.rounded(.up)), height: Int(extent.height.rounded(.up)), baseline: Int(extent.baseline.rounded()))
    }

    func rasterize(_ text: String, pixelSize: Double, bold: Bool) -> TextCoverage {
        let drawn = PangoText.rasterize(text, font: DrawingFont(size: pixelSize, bold: bold))
        return TextCoverage(box: TextBox(width: drawn.width, height: drawn.height, baseline: drawn.baseline), coverage: drawn.coverage)
            ?? .empty
    }
}
#endif
