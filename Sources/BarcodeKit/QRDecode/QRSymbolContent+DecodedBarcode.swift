extension QRSymbolContent {
    /// The shared result type for a symbol found at `position` in an image (its four
    /// corners clockwise from the symbol's own top-left).
    public func decodedBarcode(position: [ImagePoint]) -> DecodedBarcode {
        DecodedBarcode(
            format: isMicroQR ? .microQRCode : .qrCode, text: text, rawBytes: rawBytes, position: position,
            symbologyIdentifier: symbologyIdentifier,
            details: .init(qrVersion: version, errorCorrection: errorCorrection,
                           structuredAppend: structuredAppend, isMirrored: isMirrored))
    }
}
