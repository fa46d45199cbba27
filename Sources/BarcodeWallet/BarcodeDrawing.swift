import BarcodeKit

/// Small drawings of saved codes for the history rows.
public enum BarcodeDrawing {
    /// An SVG of `text` as a `format` symbol, with its quiet zones (and, for EAN/UPC, the digits
    /// under the bars). The drawing has one user unit per module and scales without blurring; its
    /// width and height attributes are 3 px per module, which a stylesheet may override.
    ///
    /// A Code 128 saved from a GS1-128 scan is drawn as plain Code 128: the scan's text keeps the
    /// data and the GS separators but not the leading FNC1 that made it GS1-128.
    public static func render(format: BarcodeFormat, text: String) throws(BarcodeError) -> String {
        switch try symbol(format: format, text: text) {
        case .linear(let symbol):
            SVGBarcodeRenderer.svg(symbol)
        case .matrix(let code):
            SVGBarcodeRenderer.svg(code.matrix, title: "QR Code \(text.prefix(80))")
        }
    }

    public static let maximumCode128Length = 80

    enum Symbol {
        case linear(LinearSymbol)
        case matrix(QRCode)
    }

    /// The encoded symbol: the one place that decides which encoder draws which format.
    static func symbol(format: BarcodeFormat, text: String) throws(BarcodeError) -> Symbol {
        switch format {
        case .ean13, .ean8, .upcA, .upcE:
            return .linear(try EANUPCEncoder.encode(text, as: format))
        case .code128:
            // Code 128 sets no length of its own; a 60,000-character text drew a 13.8 MB picture.
            // 80 is zxing's writer's limit, and more than any scanner is asked to read
            // (GS1-128 carries at most 48 data characters).
            guard text.count <= maximumCode128Length else {
                throw .tooLong(bytes: text.utf8.count, format: .code128, limit: "a drawn Code 128 holds at most \(maximumCode128Length) characters")
            }
            return .linear(try Code128Encoder.encode(text))
        case .qrCode:
            return .matrix(try QREncoder.encode(text))
        case .microQRCode:
            // BarcodeKit reads Micro QR but does not write it: a saved one is shown as the
            // QR Code of the same text, which every phone reads (and Micro QR readers are rare).
            return .matrix(try QREncoder.encode(text))
        }
    }
}
