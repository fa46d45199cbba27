import OrderKit
/// The two standard fonts order documents use. Every PDF reader has them (ISO 32000-1 §9.6.2.2,
/// "Standard Type 1 Fonts (Standard 14 Fonts)"), so nothing is embedded and the file stays small;
/// both are written with /Encoding /WinAnsiEncoding (see `WinAnsiEncoding`).
public enum PDFFont: Sendable, Hashable, CaseIterable {
    case helvetica
    case helveticaBold

    /// The /BaseFont name.
    public var postScriptName: String {
        switch self {
        case .helvetica: "Helvetica"
        case .helveticaBold: "Helvetica-Bold"
        }
    }

    /// The name the page resources give the font (/F1, /F2).
    var resourceName: String {
        switch self {
        case .helvetica: "F1"
        case .helveticaBold: "F2"
        }
    }

    /// The advance width of one WinAnsi byte in thousandths of the font size (0 for a byte the
    /// encoding leaves unused, which `WinAnsiEncoding.encode` never writes).
    public func advance(ofByte byte: UInt8) -> Int {
        guard byte >= 0x20 else { return 0 }
        let table = self == .helvetica ? HelveticaMetrics.helvetica : HelveticaMetrics.helveticaBold
        return Int(table[Int(byte) - 0x20])
    }

    /// The width in points of `text` set at `size` points, as a reader lays it out: the sum of
    /// the glyph widths, no kerning (the writer does not kern either).
    public func width(of text: String, size: Double) -> Double {
        width(ofEncoded: WinAnsiEncoding.encode(text), size: size)
    }

    func width(ofEncoded bytes: [UInt8], size: Double) -> Double {
        Double(units(ofEncoded: bytes)) * size / 1000
    }

    /// The width in thousandths of the font size: whole numbers, so sums are exact.
    func units(of text: String) -> Int {
        units(ofEncoded: WinAnsiEncoding.encode(text))
    }

    func units(ofEncoded bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + advance(ofByte: $1) }
    }
}

/// Glyph widths of Helvetica and Helvetica-Bold for WinAnsi bytes 0x20–0xFF, in 1/1000 em.
///
/// Source: Adobe's Core 14 AFM files `Helvetica.afm` (UniqueID 43054) and `Helvetica-Bold.afm`
/// (UniqueID 43052), Version 002.000, Copyright 1985–1997 Adobe Systems Incorporated — the `WX`
/// of each glyph WinAnsiEncoding names at that code (ISO 32000-1 Annex D.2). These are the
/// metrics PDF readers use for the unembedded standard fonts. Transcribed by hand and checked
/// against groff's `devps/HR` and `devps/HB` (afmtodit output of Adobe's AFMs): every value agrees
/// except µ (0xB5, Helvetica), which groff's later AFM (version 003.001) gives as 578; the Core 14
/// value, 556, is kept. Unused codes (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D) are 0.
enum HelveticaMetrics {
    static let helvetica: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // 0x20
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0x30
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // 0x40
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 0x50
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // 0x60
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,  // 0x70
        556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 0x80
        0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,  // 0x90
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 0xA0
        400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 0xB0
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 0xC0
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 0xD0
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,  // 0xE0
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,  // 0xF0
    ]
    static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,  // 0x20
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,  // 0x30
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,  // 0x40
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,  // 0x50
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,  // 0x60
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,  // 0x70
        556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 0x80
        0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,  // 0x90
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 0xA0
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 0xB0
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 0xC0
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 0xD0
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,  // 0xE0
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,  // 0xF0
    ]
}
