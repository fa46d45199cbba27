import CCairo

/// A PNG decoded by cairo into an image surface, to draw on a page.
public final class PNGSurface {
    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// Larger logos are refused before cairo allocates their pixels.
    public static let maximumPixelCount = 25_000_000

    /// `nil` when the bytes are not a PNG cairo can read (corrupt, truncated, or too large).
    public init?(png bytes: [UInt8]) {
        // The IHDR chunk follows the 8-byte signature: its width and height are big-endian at 16 and 20.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 24, Array(bytes[0..<8]) == signature else { return nil }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (declaredWidth, declaredHeight) = (bigEndian(16), bigEndian(20))
        guard declaredWidth > 0, declaredHeight > 0, declaredWidth * declaredHeight <= Self.maximumPixelCount else { return nil }
        let reader = PNGInput(bytes)
        let decoded: OpaquePointer? = DrawingLock.run {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let input = Unmanaged<PNGInput>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard input.bytes.count - input.offset >= count else { return CAIRO_STATUS_READ_ERROR }
                    input.bytes.withUnsafeBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        data.update(from: base + input.offset, count: count)
                    }
                    input.offset += count
                    return CAIRO_STATUS_SUCCESS
                },
                Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let decoded else { return nil }
        let status = DrawingLock.run { cairo_surface_status(decoded) }
        guard status == CAIRO_STATUS_SUCCESS else {
            DrawingLock.run { cairo_surface_destroy(decoded) }
            return nil
        }
        surface = decoded
        width = Int(DrawingLock.run { cairo_image_surface_get_width(decoded) })
        height = Int(DrawingLock.run { cairo_image_surface_get_height(decoded) })
    }

    deinit {
        DrawingLock.run { cairo_surface_destroy(surface) }
    }
}

private final class PNGInput {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}
