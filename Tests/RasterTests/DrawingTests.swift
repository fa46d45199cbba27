import Testing
import Raster

@Suite struct DrawingTests {
    static let ink = RGBAColor(red: 20, green: 20, blue: 20)

    /// The dark pixels of an image, as (x, y) pairs.
    static func darkPixels(_ image: RGBAImage) -> [(x: Int, y: Int)] {
        (0..<image.height).flatMap { y in
            (0..<image.width).compactMap { x in (image[x, y]?.luma ?? 255) < 128 ? (x, y) : nil }
        }
    }

    /// A renderer whose every line is a solid block, one pixel per character wide and `pixelSize`
    /// tall, baseline 2 pixels above its bottom: what Raster does with a renderer's coverage,
    /// without a font.
    struct BlockRenderer: TextRenderer {
        func measure(_ text: String, pixelSize: Double, bold: Bool) -> TextBox {
            TextBox(width: text.count, height: Int(pixelSize), baseline: Int(pixelSize) - 2)
        }

        func rasterize(_ text: String, pixelSize: Double, bold: Bool) -> TextCoverage {
            let box = measure(text, pixelSize: pixelSize, bold: bold)
            return TextCoverage(box: box, coverage: [UInt8](repeating: bold ? 255 : 128, count: box.width * box.height)) ?? .empty
        }
    }

    @Test func test_aRenderersCoverageIsBlendedWithItsBaselineOnTheGivenRow() {
        var image = RGBAImage(width: 20, height: 20, fill: .white)
        let box = image.drawText("abcd", x: 3, baseline: 10, pixelSize: 6, color: .black, renderer: BlockRenderer())
        #expect(box.x == 3 && box.y == 6 && box.width == 4 && box.height == 6)
        #expect(image[3, 6] == RGBAColor(red: 127, green: 127, blue: 127), "half coverage is half ink")
        #expect(image[6, 11] == RGBAColor(red: 127, green: 127, blue: 127))
        #expect(image[7, 6] == .white && image[3, 12] == .white && image[2, 8] == .white && image[3, 5] == .white)
        image.drawText("ab", x: -1, baseline: 1, pixelSize: 6, bold: true, color: .black, renderer: BlockRenderer())
        #expect(image[0, 0] == .black, "full coverage, clipped at the image's edge")
    }

    #if os(Linux)
    @Test(arguments: [11.0, 22.0, 33.0])
    func test_textInksInsideItsBoxAndNowhereElse(pixelSize: Double) {
        let text = "Citations 2019: 1,338 (h = 17)"
        var image = RGBAImage(width: 600, height: 80, fill: .white)
        let box = image.drawText(text, x: 10, baseline: 50, pixelSize: pixelSize, color: Self.ink)
        let measured = TextRenderers.platform.measure(text, pixelSize: pixelSize, bold: false)
        #expect(box.width == measured.width && box.height == measured.height && box.y == 50 - measured.baseline)
        // A sans-serif line is about half an em wide per character, and about an em and a fifth tall.
        #expect(Double(box.width) > Double(text.count) * pixelSize * 0.4 && Double(box.width) < Double(text.count) * pixelSize * 0.8)
        #expect(Double(box.height) > pixelSize && Double(box.height) < pixelSize * 1.5)
        #expect(Self.darkPixels(image).count > text.count * Int(pixelSize) / 2)
        // Every pixel touched, antialiased edges included, is inside the box.
        let touched = (0..<image.height).flatMap { y in (0..<image.width).compactMap { x in image[x, y] != .white ? (x: x, y: y) : nil } }
        #expect(touched.allSatisfy { box.x..<(box.x + box.width) ~= $0.x && box.y..<(box.y + box.height) ~= $0.y })
        // Digits stand on the baseline, and the parentheses reach under it.
        #expect(touched.contains { $0.y == 49 } && touched.contains { $0.y > 50 })
        #expect(!touched.contains { $0.x < 10 })
    }

    @Test func test_accentedAndNonLatinTextIsDrawnNotFolded() {
        func drawn(_ text: String) -> RGBAImage {
            var image = RGBAImage(width: 200, height: 40, fill: .white)
            image.drawText(text, x: 2, baseline: 28, pixelSize: 20, color: Self.ink)
            return image
        }
        #expect(drawn("Café") != drawn("Cafe"))
        #expect(drawn("Łódź") != drawn("Lodz"))
        // Greek and Cyrillic have glyphs in DejaVu Sans: ink, and not the same ink as a missing-glyph box.
        #expect(Self.darkPixels(drawn("Ελλάδα")).count > 50)
        #expect(drawn("Ελλάδα") != drawn("Москва"))
        let bold = TextRenderers.platform.measure("Citations", pixelSize: 20, bold: true)
        #expect(bold.width > TextRenderers.platform.measure("Citations", pixelSize: 20, bold: false).width)
    }
    #endif

    @Test func test_aDiagonalLinePaintsOnePixelPerStep() {
        var image = RGBAImage(width: 10, height: 10, fill: .white)
        image.drawLine(fromX: 0, y: 9, toX: 9, y: 0, color: Self.ink)
        let dark = Self.darkPixels(image)
        #expect(dark.count == 10)
        #expect(dark.allSatisfy { $0.x + $0.y == 9 })
    }

    @Test func test_axisAlignedLinesAreExactRectangles() {
        var image = RGBAImage(width: 20, height: 20, fill: .white)
        image.drawLine(fromX: 2, y: 5, toX: 12, y: 5, thickness: 3, color: Self.ink)
        let dark = Self.darkPixels(image)
        #expect(dark.count == 11 * 3)
        #expect(dark.allSatisfy { (2...12) ~= $0.x && (4...6) ~= $0.y })
    }

    @Test func test_translucentFillsBlendOverWhatIsThere() {
        var image = RGBAImage(width: 4, height: 4, fill: .white)
        image.fillRectangle(x: -2, y: -2, width: 4, height: 4, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(image[0, 0] == RGBAColor(red: 127, green: 127, blue: 127))
        #expect(image[1, 1] == RGBAColor(red: 127, green: 127, blue: 127))
        #expect(image[2, 2] == .white, "the rectangle is clipped and stops at x, y = 2")
        #expect(image[4, 0] == nil)
    }
}
