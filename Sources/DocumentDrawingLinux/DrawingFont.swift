/// A font as Pango asks fontconfig for it: a family, a weight and a size in the surface's units
/// (points on a PDF page, pixels on an image).
public struct DrawingFont: Sendable, Hashable {
    public var family: String
    public var size: Double
    public var bold: Bool

    public init(family: String = DrawingFont.defaultFamily, size: Double, bold: Bool = false) {
        self.family = family
        self.size = size
        self.bold = bold
    }

    /// DejaVu Sans (Debian's fonts-dejavu-core): Latin, Greek and Cyrillic in one family, so an
    /// order from Łódź or a Greek description needs no fallback font.
    public static let defaultFamily = "DejaVu Sans"
}

/// One line of text as Pango lays it out, in the surface's units.
public struct TextExtent: Sendable, Hashable {
    /// The advance width: where the next text would start.
    public var width: Double
    /// The line's logical height (ascent + descent).
    public var height: Double
    /// From the top of the line to its baseline.
    public var baseline: Double

    public init(width: Double, height: Double, baseline: Double) {
        self.width = width
        self.height = height
        self.baseline = baseline
    }
}
