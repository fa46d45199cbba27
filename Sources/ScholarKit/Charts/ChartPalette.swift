import Raster

/// The colour of each ``ChartRole``.
///
/// The standard colours give text a contrast of at least 4.5:1 on white (WCAG 2.1, 1.4.3) and
/// bars, axes and the h-index marks at least 3:1 (1.4.11); the h-core bars differ from the
/// others in lightness, not only in hue, so colour-blind readers can tell them apart.
public struct ChartPalette: Sendable, Equatable {
    public var colors: [ChartRole: RGBAColor]

    public init(colors: [ChartRole: RGBAColor]) {
        self.colors = colors
    }

    /// The colour of a role; black for a role the palette leaves out.
    public func color(for role: ChartRole) -> RGBAColor {
        colors[role] ?? RGBAColor(hex: 0x000000)
    }

    public static let standard = ChartPalette(colors: [
        .background: RGBAColor(hex: 0xFFFFFF),
        .gridline: RGBAColor(hex: 0xE3E6EA),
        .axis: RGBAColor(hex: 0x5F6368),
        .bar: RGBAColor(hex: 0x5B87B8),
        .hCoreBar: RGBAColor(hex: 0x1F4E79),
        .hSquare: RGBAColor(hex: 0xE8833A, alpha: 40),
        .hSquareEdge: RGBAColor(hex: 0xB35A00),
        .diagonal: RGBAColor(hex: 0x6B6B6B),
        .cutMark: RGBAColor(hex: 0xFFFFFF),
        .labelBackground: RGBAColor(hex: 0xFFFFFF, alpha: 217),
        .title: RGBAColor(hex: 0x202124),
        .tickLabel: RGBAColor(hex: 0x4A4F55),
        .axisTitle: RGBAColor(hex: 0x4A4F55),
        .valueLabel: RGBAColor(hex: 0x202124),
        .annotation: RGBAColor(hex: 0x8A4500),
        .note: RGBAColor(hex: 0x4A4F55),
    ])
}
