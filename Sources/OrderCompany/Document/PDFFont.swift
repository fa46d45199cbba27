#if canImport(DocumentDrawingLinux)
import DocumentDrawingLinux
#endif

/// The two faces order documents use: DejaVu Sans and DejaVu Sans Bold, found through fontconfig
/// and embedded in the PDF as subsets by cairo, so every character the font has (Latin, Greek,
/// Cyrillic…) prints as itself.
public enum PDFFont: Sendable, Hashable, CaseIterable {
    case regular
    case bold

    /// The family fontconfig is asked for.
    public static let family = "DejaVu Sans"

    /// The width in points of `text` set at `size` points, as Pango lays it out (kerning and
    /// shaping included, metrics unhinted, so it is the width drawn).
    public func width(of text: String, size: Double) -> Double {
        guard !text.isEmpty, size > 0, size.isFinite else { return 0 }
        #if canImport(DocumentDrawingLinux)
        return PangoText.measure(text, font: drawingFont(size: size)).width
        #else
        // Without Pango (no PDF is drawn there either): DejaVu Sans's average advance.
        return Double(text.count) * size * (self == .bold ? 0.66 : 0.6)
        #endif
    }

    #if canImport(DocumentDrawingLinux)
    func drawingFont(size: Double) -> DrawingFont {
        DrawingFont(family: Self.family, size: size, bold: self == .bold)
    }
    #endif
}
