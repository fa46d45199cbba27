/// GS1's nominal proportions for linear symbols, in modules (X): GS1 General Specifications
/// 5.2.3.4 gives EAN/UPC bars 22.85 mm tall at X = 0.33 mm (69.24 X), guard bars 5 X longer
/// (1.65 mm), and room under the bars for the human-readable digits. The Padova thesis drew
/// 120 × 100 modules per `barDimension`; these follow the standard instead.
enum BarcodeLayout {
    static let barHeight = 69.24
    static let guardExtension = 5.0
    /// Height of the text band under the bars (digits are about 2.75 mm at X = 0.33 mm).
    static let textBand = 9.0
    /// Code 128 has no nominal height; 15 % of the width or 0.25 inch, whichever is larger
    /// (ISO/IEC 15417 5.5): 50 X is used, with the text band below.
    static let code128BarHeight = 50.0

    static func barHeight(of symbol: LinearSymbol) -> Double {
        symbol.format == .code128 ? code128BarHeight : barHeight
    }

    /// Runs of dark modules as (start, width), for drawing rectangles instead of single modules.
    static func bars(of modules: [Bool]) -> [(start: Int, width: Int)] {
        var bars: [(start: Int, width: Int)] = []
        var index = 0
        while index < modules.count {
            guard modules[index] else { index += 1; continue }
            let start = index
            while index < modules.count, modules[index] { index += 1 }
            bars.append((start, index - start))
        }
        return bars
    }
}
