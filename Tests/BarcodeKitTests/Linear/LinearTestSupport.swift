import BarcodeKit
import Foundation
import Testing
import TestSupport

/// Draws linear symbols into grey images the way a printer and a camera would: modules of any
/// (fractional) pixel width with partial pixels at their edges, then optional blur, noise and
/// uneven light. Independent of the reader: it knows only modules.
struct SymbolPainter {
    /// Pixels per module.
    var module: Double
    /// Bar height in pixels, and the white margin above and below.
    var height: Int = 40
    var margin: Int = 6
    /// Quiet zone each side, in modules.
    var quietZone: Int = 12
    /// Box blur radius in pixels along the rows (0 = sharp).
    var blur: Int = 0
    /// Maximum grey-level noise added to each pixel (deterministic).
    var noise: Int = 0
    /// Darkest and lightest grey before lighting.
    var ink: Double = 20
    var paper: Double = 235
    /// Light falls from 100 % at the left to this fraction at the right.
    var lightAtRight: Double = 1

    /// The image of `modules` (true = bar) with quiet zones each side.
    func paint(_ modules: [Bool]) -> GrayImage {
        let widthInModules = Double(modules.count + 2 * quietZone)
        let width = Int((widthInModules * module).rounded(.up))
        // Coverage of each pixel column by bars.
        var coverage = [Double](repeating: 0, count: width)
        for (index, isBar) in modules.enumerated() where isBar {
            let left = Double(index + quietZone) * module
            let right = left + module
            var x = Int(left.rounded(.down))
            while Double(x) < right, x < width {
                let overlap = min(right, Double(x + 1)) - max(left, Double(x))
                if overlap > 0 { coverage[x] += overlap }
                x += 1
            }
        }
        var row = coverage.map { paper - (paper - ink) * min(1, $0) }
        if blur > 0 {
            row = row.indices.map { x in
                let range = max(0, x - blur)...min(width - 1, x + blur)
                return range.reduce(0) { $0 + row[$1] } / Double(range.count)
            }
        }
        let totalHeight = height + 2 * margin
        var pixels = [UInt8](repeating: 0, count: width * totalHeight)
        var random = SeededGenerator(seed: 12345)
        for y in 0..<totalHeight {
            for x in 0..<width {
                let isSymbolRow = y >= margin && y < margin + height
                var value = isSymbolRow ? row[x] : paper
                value *= 1 - (1 - lightAtRight) * Double(x) / Double(max(1, width - 1))
                if noise > 0 { value += Double(Int.random(in: -noise...noise, using: &random)) }
                pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        // Sizes here are always positive and small.
        return try! GrayImage(width: width, height: totalHeight, pixels: pixels)
    }
}


/// The shared real fixtures (`../shared/fixtures/barcodes` next to the package root).
enum LinearFixtures {
    static let root: URL = BarcodeFixtures.root

    static var available: Bool { BarcodeFixtures.available }

    static let required = BarcodeFixtures.required

    /// (image file name, expected text) for each image of `folder` that this test can load.
    static func samples(in folder: String) throws -> [(name: String, image: GrayImage, expected: String)] {
        let directory = root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
            .sorted()
        return try names.map { name in
            let stem = String(name.dropLast(4))
            let expected = try String(contentsOf: directory.appendingPathComponent(stem + ".txt"), encoding: .utf8)
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            return (name, try ImageLoader.load(bytes), expected)
        }
    }

    /// `image` turned `quarterTurns` quarter turns clockwise.
    static func turn(_ image: GrayImage, quarterTurns: Int) -> GrayImage {
        var turned = image
        for _ in 0..<(quarterTurns % 4) { turned = turned.rotatedClockwise() }
        return turned
    }

    /// EAN/UPC modules with an add-on after the standard gap of 9 modules.
    static func modules(_ symbol: LinearSymbol, addOn: String?) throws -> [Bool] {
        guard let addOn else { return symbol.modules }
        return symbol.modules + [Bool](repeating: false, count: 9) + (try EANAddOn.encode(addOn))
    }
}
