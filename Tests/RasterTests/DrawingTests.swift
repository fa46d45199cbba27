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

    @Test(arguments: [1, 2, 3])
    func test_textInksInsideItsBoxAndNowhereElse(scale: Int) {
        let text = "Citations 2019: 1,338 (h = 17)"
        var image = RGBAImage(width: 400, height: 60, fill: .white)
        let (x, y) = (10, 20)
        image.drawText(text, x: x, y: y, scale: scale, color: Self.ink)
        let size = BitmapFont.size(of: text, scale: scale)
        #expect(size.width == (text.count * 6 - 1) * scale)
        #expect(size.height == 7 * scale)
        let dark = Self.darkPixels(image)
        #expect(dark.count > text.count * scale * scale * 3, "every glyph but the spaces leaves ink")
        #expect(dark.allSatisfy { x..<(x + size.width) ~= $0.x && y..<(y + size.height) ~= $0.y })
        // The box is tight: ink touches its left, top and bottom edges ("C" spans rows 0-6).
        #expect(dark.contains { $0.x == x } && dark.contains { $0.y == y } && dark.contains { $0.y == y + size.height - 1 })
    }

    @Test func test_everyPrintableASCIICharacterHasItsOwnGlyph() {
        let printable = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        var shapes: Set<[UInt8]> = []
        for character in printable {
            var image = RGBAImage(width: 5, height: 7, fill: .white)
            image.drawText(String(character), x: 0, y: 0, color: Self.ink)
            let shape = image.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
            #expect(shape.contains { $0 < 128 }, "\(character) draws nothing")
            shapes.insert(shape)
        }
        #expect(shapes.count == printable.count, "two characters share a glyph")
    }

    @Test func test_textOutsideASCIIIsFoldedNotDropped() {
        #expect(BitmapFont.size(of: "2009–2019") == BitmapFont.size(of: "2009-2019"))
        var folded = RGBAImage(width: 40, height: 7, fill: .white)
        folded.drawText("Café", x: 0, y: 0, color: Self.ink)
        var plain = RGBAImage(width: 40, height: 7, fill: .white)
        plain.drawText("Cafe", x: 0, y: 0, color: Self.ink)
        #expect(folded == plain)
    }

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
