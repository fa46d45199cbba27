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

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Perceived brightness, 0 (black) to 255 (white), by the Rec. 601 luma weights;
    /// enough to tell ink from paper in tests and binarisers.
    public var luma: Int {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000
    }
}
