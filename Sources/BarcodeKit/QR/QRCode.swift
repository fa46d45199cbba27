/// An encoded QR Code symbol: `matrix` is the symbol without quiet zone (renderers add the
/// four-module margin of ISO/IEC 18004:2015 §6.3.8).
public struct QRCode: Sendable, Hashable {
    /// 1...40; the symbol has 17 + 4·version modules per side.
    public let version: Int
    public let ecc: QRErrorCorrection
    /// The data mask pattern 0...7 (Table 10).
    public let mask: Int
    public let matrix: BitMatrix

    public init(version: Int, ecc: QRErrorCorrection, mask: Int, matrix: BitMatrix) {
        self.version = version
        self.ecc = ecc
        self.mask = mask
        self.matrix = matrix
    }
}
