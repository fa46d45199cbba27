/// An 8-bit sRGB colour with straight (not premultiplied) alpha, the layout PNG stores.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque, 0 fully transparent.
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

    /// `#rrggbb`, without the opacity, as SVG and CSS write a colour.
    public var hexString: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Perceived brightness, 0 (black) to 255 (white), by the Rec. 601 luma weights;
    /// enough to tell ink from paper in tests and binarisers.
    public var luma: Int {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000
    }
}
