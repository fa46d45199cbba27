/// A point in image coordinates (pixels from the top-left corner; fractions are sub-pixel).
public struct ImagePoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One symbol found in an image.
public struct DecodedBarcode: Sendable, Hashable {
    public let format: BarcodeFormat
    /// The content as text, in the conventions of ZXing's test sets: UPC-A and UPC-E as their
    /// 13-digit GTIN (leading 0, UPC-E expanded), an EAN add-on's digits appended, GS1 element
    /// strings without the leading FNC1 and with GS (0x1D) for the inner ones.
    public let text: String
    /// The bytes the symbol carries before any character-set interpretation (for QR Code the
    /// concatenated segment data; for the linear codes the text's ASCII).
    public let rawBytes: [UInt8]
    /// The symbol's outline in the image: four corners clockwise from the symbol's own
    /// top-left for QR Code; for a linear code the ends of the first and last rows read.
    public let position: [ImagePoint]
    /// The AIM symbology identifier, e.g. "]E0" (EAN-13), "]C1" (GS1-128), "]Q1" (QR Code).
    public let symbologyIdentifier: String
    /// Symbology-specific details (QR version, error-correction level, structured append).
    public let details: Details

    public struct Details: Sendable, Hashable {
        /// An EAN/UPC add-on's digits (2 or 5), also appended to `text`.
        public var addOn: String?
        public var qrVersion: Int?
        public var errorCorrection: QRErrorCorrection?
        /// QR structured append: this symbol is `index` (0-based) of `count`, all with `parity`.
        public var structuredAppend: StructuredAppend?
        public var isMirrored: Bool = false

        public init(addOn: String? = nil, qrVersion: Int? = nil, errorCorrection: QRErrorCorrection? = nil,
                    structuredAppend: StructuredAppend? = nil, isMirrored: Bool = false) {
            self.addOn = addOn
            self.qrVersion = qrVersion
            self.errorCorrection = errorCorrection
            self.structuredAppend = structuredAppend
            self.isMirrored = isMirrored
        }
    }

    public struct StructuredAppend: Sendable, Hashable {
        public let index: Int
        public let count: Int
        public let parity: UInt8

        public init(index: Int, count: Int, parity: UInt8) {
            self.index = index
            self.count = count
            self.parity = parity
        }
    }

    public init(format: BarcodeFormat, text: String, rawBytes: [UInt8], position: [ImagePoint],
                symbologyIdentifier: String, details: Details = Details()) {
        self.format = format
        self.text = text
        self.rawBytes = rawBytes
        self.position = position
        self.symbologyIdentifier = symbologyIdentifier
        self.details = details
    }
}
