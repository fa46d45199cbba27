import Raster

/// Barcodes as PNG through libpng (Raster): `scale` pixels per module, quiet zones included.
public enum PNGBarcodeRenderer {
    public static func png(_ matrix: BitMatrix, scale: Int = 4, quietZone: Int = 4) throws(PNGError) -> [UInt8] {
        let size = (matrix.size + 2 * quietZone) * scale
        var image = RGBAImage(width: size, height: size, fill: .white)
        for y in 0..<matrix.size {
            for x in 0..<matrix.size where matrix[x, y] {
                image.fillRectangle(x: (x + quietZone) * scale, y: (y + quietZone) * scale, width: scale, height: scale, color: .black)
            }
        }
        return try PNG.encode(image)
    }

    /// The bars, and under them the human-readable digits in the platform's ``TextRenderer``
    /// (DejaVu Sans on Linux) at the SVG's 9-unit font size, each centred under its modules.
    public static func png(_ symbol: LinearSymbol, scale: Int = 2, text renderer: any TextRenderer = TextRenderers.platform) throws(PNGError) -> [UInt8] {
        let width = (symbol.quietZone.left + symbol.modules.count + symbol.quietZone.right) * scale
        let barHeight = Int(BarcodeLayout.barHeight(of: symbol).rounded()) * scale
        let guardHeight = barHeight + Int(BarcodeLayout.guardExtension) * scale
        let height = barHeight + Int(BarcodeLayout.textBand) * scale
        var image = RGBAImage(width: width, height: height, fill: .white)
        for bar in BarcodeLayout.bars(of: symbol.modules) {
            let isGuard = symbol.guardRanges.contains { $0.contains(bar.start) }
            image.fillRectangle(x: (symbol.quietZone.left + bar.start) * scale, y: 0, width: bar.width * scale, height: isGuard ? guardHeight : barHeight, color: .black)
        }
        let characters = symbol.humanReadable.isEmpty
            ? SVGBarcodeRenderer.centredText(symbol.text, width: Double(symbol.modules.count))
            : symbol.humanReadable
        // The SVG's baseline is 8 units under the bars, its font 9 units; the PNG's is the same in pixels.
        let pixelSize = 9 * Double(scale)
        let baseline = barHeight + 8 * scale
        for (character, centre) in characters {
            let glyph = renderer.measure(String(character), pixelSize: pixelSize, bold: false)
            let x = Int((Double(symbol.quietZone.left) + centre) * Double(scale)) - glyph.width / 2
            image.drawText(String(character), x: x, baseline: baseline, pixelSize: pixelSize, color: .black, renderer: renderer)
        }
        return try PNG.encode(image)
    }
}
