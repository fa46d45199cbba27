import CCairo
import CPangoCairo

/// A PDF file drawn with cairo's PDF surface: text through Pango, whose fonts cairo embeds as
/// subsets (only the glyphs used), so any character the font has prints as itself.
///
/// Coordinates are cairo's: points, origin at the top-left of the page, y downwards. Calls go
/// page by page: draw, `endPage()`, draw the next…, then `finish()`.
///
/// The bytes are the same for the same calls: cairo's only varying field, the creation date,
/// is set from `creationDate` (and cairo names font subsets by their content).
public final class CairoPDFDocument {
    private let output: PDFOutput
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private var finished = false

    /// - Parameter creationDate: ISO 8601, as cairo takes it ("2025-03-05T10:00:00Z").
    public init?(pageWidth: Double, pageHeight: Double, title: String, creationDate: String) {
        let output = PDFOutput()
        self.output = output
        let created: OpaquePointer? = DrawingLock.run {
            cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<PDFOutput>.fromOpaque(closure).takeUnretainedValue().bytes
                        .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                },
                Unmanaged.passUnretained(output).toOpaque(), pageWidth, pageHeight)
        }
        guard let created else { return nil }
        guard let context = DrawingLock.run({ cairo_create(created) }) else {
            DrawingLock.run { cairo_surface_destroy(created) }
            return nil
        }
        self.surface = created
        self.context = context
        DrawingLock.run {
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, creationDate)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Bottega")
        }
    }

    deinit {
        DrawingLock.run {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
    }

    /// Draws one line of text whose left end is at `x` and whose baseline is at `baseline`.
    /// `gray` is 0 (black) to 1 (white).
    public func drawText(_ text: String, x: Double, baseline: Double, font: DrawingFont, gray: Double = 0) {
        guard !text.isEmpty else { return }
        DrawingLock.run {
            guard let layout = PangoLine.makeLayout(on: context, text: text, font: font) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let extent = PangoLine.extent(of: layout)
            cairo_save(context)
            cairo_set_source_rgb(context, gray, gray, gray)
            cairo_move_to(context, x, baseline - extent.baseline)
            pango_cairo_show_layout(context, layout)
            cairo_restore(context)
        }
    }

    public func drawLine(fromX x1: Double, y y1: Double, toX x2: Double, y y2: Double, lineWidth: Double, gray: Double) {
        DrawingLock.run {
            cairo_save(context)
            cairo_set_source_rgb(context, gray, gray, gray)
            cairo_set_line_width(context, lineWidth)
            cairo_move_to(context, x1, y1)
            cairo_line_to(context, x2, y2)
            cairo_stroke(context)
            cairo_restore(context)
        }
    }

    /// A rectangle whose top-left corner is (x, y), filled with a grey.
    public func fillRectangle(x: Double, y: Double, width: Double, height: Double, gray: Double) {
        DrawingLock.run {
            cairo_save(context)
            cairo_set_source_rgb(context, gray, gray, gray)
            cairo_rectangle(context, x, y, width, height)
            cairo_fill(context)
            cairo_restore(context)
        }
    }

    /// A rectangle whose top-left corner is (x, y), outlined.
    public func strokeRectangle(x: Double, y: Double, width: Double, height: Double, lineWidth: Double, gray: Double) {
        DrawingLock.run {
            cairo_save(context)
            cairo_set_source_rgb(context, gray, gray, gray)
            cairo_set_line_width(context, lineWidth)
            cairo_rectangle(context, x, y, width, height)
            cairo_stroke(context)
            cairo_restore(context)
        }
    }

    /// Draws a PNG with its top-left corner at (x, y), scaled to `width` × `height` points.
    public func drawImage(_ image: PNGSurface, x: Double, y: Double, width: Double, height: Double) {
        guard image.width > 0, image.height > 0 else { return }
        DrawingLock.run {
            cairo_save(context)
            cairo_translate(context, x, y)
            cairo_scale(context, width / Double(image.width), height / Double(image.height))
            cairo_set_source_surface(context, image.surface, 0, 0)
            cairo_paint(context)
            cairo_restore(context)
        }
    }

    /// Closes the current page and starts the next.
    public func endPage() {
        DrawingLock.run { cairo_show_page(context) }
    }

    /// Closes the current page and the file, and gives its bytes; call once.
    public func finish() -> [UInt8] {
        if !finished {
            finished = true
            DrawingLock.run { cairo_surface_finish(surface) }
        }
        return output.bytes
    }
}

/// Where cairo's stream writer appends the file.
private final class PDFOutput {
    var bytes: [UInt8] = []
}
