import CCairo
import CPangoCairo
import Foundation

/// One line of text laid out by Pango on a cairo context.
///
/// Fontconfig and Pango's shared font map are not safe to use from several threads at once
/// (pango 1.50 keeps one default font map per thread, but fontconfig's cache is global), and
/// orders, charts and barcodes are drawn from concurrent requests; every call into Pango or cairo
/// in this module therefore runs under `DrawingLock`.
enum PangoLine {
    /// Metrics are not hinted, so a width measured for the layout is the width drawn on any surface
    /// (a PDF page, or a pixel image at another size).
    static func makeLayout(on context: OpaquePointer, text: String, font: DrawingFont) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(context) else { return nil }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
            cairo_font_options_destroy(options)
        }
        // Unrounded positions: widths in fractions of a point, the same at every scale.
        pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        let size = font.size.isFinite ? min(max(font.size, 0.1), 10_000) : 10
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_single_paragraph_mode(layout, 1)
        // A line is one line: breaks become spaces (single-paragraph mode would draw a glyph for them).
        let single = String(text.map { $0.isNewline ? " " : $0 })
        pango_layout_set_text(layout, single, -1)
        return layout
    }

    static func extent(of layout: OpaquePointer) -> TextExtent {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        return TextExtent(
            width: Double(logical.width) / scale, height: Double(logical.height) / scale,
            baseline: Double(pango_layout_get_baseline(layout)) / scale)
    }
}

/// Serialises every use of cairo, Pango and fontconfig in this module (see `PangoLine`).
enum DrawingLock {
    private static let lock = NSLock()

    static func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
