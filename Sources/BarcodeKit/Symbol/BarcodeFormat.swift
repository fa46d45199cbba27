/// The symbologies BarcodeKit reads and writes, named as the CLI's JSON and ZXing name them.
public enum BarcodeFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case ean13 = "EAN_13"
    case ean8 = "EAN_8"
    case upcA = "UPC_A"
    case upcE = "UPC_E"
    case code128 = "CODE_128"
    case qrCode = "QR_CODE"
    /// ISO/IEC 18004's Micro QR Code (M1–M4): one finder pattern, 11–17 modules. zxing-cpp
    /// names it apart from QR Code too; its `qrVersion` is the M number.
    case microQRCode = "MICRO_QR_CODE"
}

extension BarcodeFormat {
    /// The name people know the symbology by, for screens and messages ("EAN-13", not "EAN_13").
    public var displayName: String {
        switch self {
        case .ean13: "EAN-13"
        case .ean8: "EAN-8"
        case .upcA: "UPC-A"
        case .upcE: "UPC-E"
        case .code128: "Code 128"
        case .qrCode: "QR Code"
        case .microQRCode: "Micro QR Code"
        }
    }
}
