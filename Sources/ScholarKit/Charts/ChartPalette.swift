/// An sRGB colour with an opacity, as both SVG and PNG can express it.
public struct ChartColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// `#rrggbb`, without the opacity.
    public var hexString: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}

/// The colour of each ``ChartRole``.
///
/// The standard colours give text a contrast of at least 4.5:1 on white (WCAG 2.1, 1.4.3) and
/// bars, axes and the h-index marks at least 3:1 (1.4.11); the h-core bars differ from the
/// others in lightness, not only in hue, so colour-blind readers can tell them apart.
public struct ChartPalette: Sendable, Equatable {
    public var colors: [ChartRole: ChartColor]

    public init(colors: [ChartRole: ChartColor]) {
        self.colors = colors
    }

    /// The colour of a role; black for a role the palette leaves out.
    public func color(for role: ChartRole) -> ChartColor {
        colors[role] ?? ChartColor(hex: 0x000000)
    }

    public static let standard = ChartPalette(colors: [
        .background: ChartColor(hex: 0xFFFFFF),
        .gridline: ChartColor(hex: 0xE3E6EA),
        .axis: ChartColor(hex: 0x5F6368),
        .bar: ChartColor(hex: 0x5B87B8),
        .hCoreBar: ChartColor(hex: 0x1F4E79),
        .hSquare: ChartColor(hex: 0xE8833A, alpha: 40),
        .hSquareEdge: ChartColor(hex: 0xB35A00),
        .diagonal: ChartColor(hex: 0x6B6B6B),
        .cutMark: ChartColor(hex: 0xFFFFFF),
        .labelBackground: ChartColor(hex: 0xFFFFFF, alpha: 217),
        .title: ChartColor(hex: 0x202124),
        .tickLabel: ChartColor(hex: 0x4A4F55),
        .axisTitle: ChartColor(hex: 0x4A4F55),
        .valueLabel: ChartColor(hex: 0x202124),
        .annotation: ChartColor(hex: 0x8A4500),
        .note: ChartColor(hex: 0x4A4F55),
    ])
}
