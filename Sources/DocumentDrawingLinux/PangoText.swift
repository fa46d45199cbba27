import CCairo
import CPangoCairo

/// Measuring and rasterising one line of text with Pango and cairo: real glyphs (HarfBuzz
/// shaping, DejaVu Sans through fontconfig) for any Unicode text the font covers.
public enum PangoText {
    /// The line's width, height and baseline in the font's units (points or pixels), with
    /// unhinted metrics: the same on a PDF page and on an image.
    public static func measure(_ text: String, font: DrawingFont) -> TextExtent {
        DrawingLock.run {
            MeasuringContext.shared.withContext { context in
                guard let layout = PangoLine.makeLayout(on: context, text: text, font: font) else {
                    return TextExtent(width: 0, height: 0, baseline: 0)
                }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                return PangoLine.extent(of: layout)
            } ?? TextExtent(width: 0, height: 0, baseline: 0)
        }
    }

    /// The line drawn as coverage: one byte per pixel, 0 (no ink) to 255 (full ink), rows top to
    /// bottom, `width` × `height` pixels (the line's logical box rounded up; `baseline` is the row
    /// of the baseline). Antialiased, so edges have partial coverage.
    public static func rasterize(_ text: String, font: DrawingFont) -> RasterizedText {
        DrawingLock.run {
            let extent = MeasuringContext.shared.withContext { context -> TextExtent in
                guard let layout = PangoLine.makeLayout(on: context, text: text, font: font) else {
                    return TextExtent(width: 0, height: 0, baseline: 0)
                }
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                return PangoLine.extent(of: layout)
            } ?? TextExtent(width: 0, height: 0, baseline: 0)
            let width = Int(extent.width.rounded(.up)), height = Int(extent.height.rounded(.up))
            let empty = RasterizedText(width: 0, height: 0, baseline: 0, coverage: [])
            guard width > 0, height > 0, width <= 20_000, height <= 20_000 else { return empty }
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return empty }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return empty }
            defer { cairo_destroy(context) }
            guard let layout = PangoLine.makeLayout(on: context, text: text, font: font) else { return empty }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            cairo_set_source_rgba(context, 0, 0, 0, 1)
            cairo_move_to(context, 0, 0)
            pango_cairo_show_layout(context, layout)
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard let data = cairo_image_surface_get_data(surface) else { return empty }
            var coverage = [UInt8](repeating: 0, count: width * height)
            for row in 0..<height {
                for column in 0..<width {
                    coverage[row * width + column] = data[row * stride + column]
                }
            }
            return RasterizedText(width: width, height: height, baseline: Int(extent.baseline.rounded()), coverage: coverage)
        }
    }
}

/// A line of text rasterised: see `PangoText.rasterize(_:font:)`.
public struct RasterizedText: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var baseline: Int
    public var coverage: [UInt8]
}

/// A 1×1 image surface to lay text out on when nothing is being drawn yet (measuring for a
/// layout pass). Used under `DrawingLock` only.
final class MeasuringContext: @unchecked Sendable {
    static let shared = MeasuringContext()
    private let surface: OpaquePointer?
    private let context: OpaquePointer?

    private init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        context = surface.flatMap { cairo_create($0) }
    }

    func withContext<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard let context else { return nil }
        return body(context)
    }
}
