import Raster
import Testing
@testable import BarcodeKit

/// The renderers on hand-made symbols: what they draw is checked against the modules.
@Suite struct BarcodeRendererTests {
    /// A 5×5 matrix with its corners dark and the rest light.
    var corners: BitMatrix {
        var matrix = BitMatrix(size: 5)
        for (x, y) in [(0, 0), (4, 0), (0, 4), (4, 4)] { matrix[x, y] = true }
        return matrix
    }

    let bars = LinearSymbol(format: .code128, modules: [true, true, false, true, false, false, true], quietZone: (left: 10, right: 10), text: "AB")

    @Test func test_thePNGOfAMatrixHasScalePixelsPerModuleAndTheQuietZoneLight() throws {
        let image = try PNG.decode(try PNGBarcodeRenderer.png(corners, scale: 3, quietZone: 4))
        #expect(image.width == (5 + 8) * 3 && image.height == image.width)
        #expect(image[12, 12] == .black)          // module (0, 0) starts at (4 × 3, 4 × 3)
        #expect(image[11, 11] == .white)          // the quiet zone
        #expect(image[12 + 3 * 2, 12 + 3 * 2] == .white) // the centre module is light
        #expect(image[12 + 3 * 4 + 2, 12] == .black)     // module (4, 0)
    }

    @Test func test_theSVGOfAMatrixDrawsOneUnitSquaresForEveryDarkRun() {
        let svg = SVGBarcodeRenderer.svg(corners, quietZone: 4)
        #expect(svg.contains("viewBox=\"0 0 13 13\""))
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == 4)
        #expect(svg.contains("<title>QR Code</title>"))
    }

    @Test func test_theTerminalPrintsTwoModuleRowsPerLine() {
        let text = TerminalBarcodeRenderer.render(corners, quietZone: 0, lightBackground: true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        #expect(lines[0] == "▀   ▀")
        #expect(lines[2] == "▀   ▀")
    }

    @Test func test_aLinearSymbolsBarsAreRunsOfDarkModules() {
        #expect(BarcodeLayout.bars(of: bars.modules).map(\.start) == [0, 3, 6])
        #expect(BarcodeLayout.bars(of: bars.modules).map(\.width) == [2, 1, 1])
        let svg = SVGBarcodeRenderer.svg(bars)
        #expect(svg.contains("<rect x=\"10\" y=\"0\" width=\"2\""))
        #expect(svg.contains(">A</text>") && svg.contains(">B</text>"))
    }

    @Test func test_thePNGOfALinearSymbolHasItsBarsWhereTheModulesAre() throws {
        let image = try PNG.decode(try PNGBarcodeRenderer.png(bars, scale: 2))
        #expect(image.width == (10 + 7 + 10) * 2)
        #expect(image[20, 10] == .black)   // module 0
        #expect(image[24, 10] == .white)   // module 2 is a space
        #expect(image[26, 10] == .black)   // module 3
    }

    /// An EAN-13's digits are drawn in the band under the bars, each centred under its group's
    /// modules as the SVG places it, without touching the bars above them.
    @Test func test_theDigitsOfAnEAN13AreInkedUnderTheBarsAtTheirCentres() throws {
        let symbol = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        let scale = 3
        let image = try PNG.decode(try PNGBarcodeRenderer.png(symbol, scale: scale))
        let barHeight = Int(BarcodeLayout.barHeight(of: symbol).rounded()) * scale
        let guardHeight = barHeight + Int(BarcodeLayout.guardExtension) * scale
        #expect(image.height == barHeight + Int(BarcodeLayout.textBand) * scale)
        #expect(symbol.humanReadable.count == 13)
        for (digit, centre) in symbol.humanReadable {
            let x = Int((Double(symbol.quietZone.left) + centre) * Double(scale))
            // The digit's cell: half a digit's advance either side of its centre, the text band's rows.
            let band = (x - 2 * scale...x + 2 * scale).flatMap { column in
                (barHeight + scale..<image.height).compactMap { row in image[column, row] }
            }
            #expect(band.contains { $0.luma < 100 }, "\(digit) at \(x) leaves no ink")
        }
        // Under the bars and between the guards, above the digits, a row stays white: text and bars do not touch.
        let leftHalf = Int((Double(symbol.quietZone.left) + 4) * Double(scale))..<Int((Double(symbol.quietZone.left) + 44) * Double(scale))
        #expect(leftHalf.allSatisfy { (image[$0, barHeight]?.luma ?? 0) > 200 })
        #expect(image[Int(Double(symbol.quietZone.left) * Double(scale)), guardHeight - 1] == .black, "the left guard reaches into the band")
        let different = try PNG.decode(try PNGBarcodeRenderer.png(try EANUPCEncoder.encode("4006381333948", as: .ean13), scale: scale))
        let textRows = (barHeight + scale)..<image.height
        #expect(textRows.contains { row in (0..<image.width).contains { image[$0, row] != different[$0, row] } })
    }
}
