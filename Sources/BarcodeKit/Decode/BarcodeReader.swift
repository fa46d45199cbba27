/// Finds and decodes every supported barcode in an image: the one entry point the CLI, the
/// web app and an iOS app call.
///
/// Linear codes and QR Codes are looked for independently (a photo may hold both); each reader
/// does its own binarisation, because what suits bars read along a row (a per-row threshold)
/// is not what suits a two-dimensional symbol (local blocks).
public struct BarcodeReader: Sendable {
    /// The symbologies to look for; fewer is faster and rules out confusions.
    public var formats: Set<BarcodeFormat>
    /// Spend more time on hard images: more rows, rotations, the inverted image.
    public var tryHarder: Bool

    public init(formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases), tryHarder: Bool = true) {
        self.formats = formats
        self.tryHarder = tryHarder
    }

    /// Every symbol found, linear ones first; empty when there is none.
    public func decode(_ image: GrayImage) -> [DecodedBarcode] {
        var found: [DecodedBarcode] = []
        let linearFormats = formats.subtracting([.qrCode])
        if !linearFormats.isEmpty {
            found += LinearReader(formats: linearFormats, tryHarder: tryHarder).decode(image)
        }
        if formats.contains(.qrCode) {
            found += QRReader.decode(image)
        }
        return found
    }

    /// Loads a PNG, JPEG or PGM file's bytes and decodes them.
    public func decode(imageFile bytes: [UInt8]) throws(ImageError) -> [DecodedBarcode] {
        decode(try ImageLoader.load(bytes))
    }
}
