import Raster
import ScholarKit
import Testing

@Suite struct ChartPNGTests {
    static func pixel(_ image: RGBAImage, _ x: Double, _ y: Double, scale: Int) -> RGBAColor? {
        image[Int(x * Double(scale)), Int(y * Double(scale))]
    }

    static func rgba(_ color: RGBAColor) -> RGBAColor {
        RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    @Test(arguments: [1, 2, 3])
    func test_chartPNGDecodesAtTheDrawingSizeTimesTheScale(scale: Int) throws {
        let drawing = CitationsPerYearChart(title: "Anne Kietzig", countsByYear: ChartSVG.kietzig).drawing
        let image = try PNG.decode(PNGChartRenderer.render(drawing, scale: scale))
        #expect(drawing.width == 360 && drawing.height == 240)
        #expect(image.width == 360 * scale)
        #expect(image.height == 240 * scale)
    }

    @Test func test_barsArePaintedWhereTheDrawingPutsThemAndEmptyYearsAreBlank() throws {
        let drawing = CitationsPerYearChart(title: "Gaps", countsByYear: [2015: 5, 2018: 2, 2020: 4]).drawing
        let image = try PNG.decode(PNGChartRenderer.render(drawing, scale: 2))
        let barColor = Self.rgba(ChartPalette.standard.color(for: .bar))
        for bar in drawing.rectangles(.bar) {
            let centre = bar.x + bar.width / 2
            if bar.height > 0 {
                #expect(Self.pixel(image, centre, bar.y + bar.height / 2, scale: 2) == barColor, "\(bar.label ?? "")")
            } else {
                #expect(Self.pixel(image, centre, bar.y - 6, scale: 2) == .white, "\(bar.label ?? "")")
            }
        }
    }

    @Test func test_titleAndLabelsLeaveInkInThePNG() throws {
        let drawing = CitationsPerYearChart(title: "Anne Kietzig", countsByYear: ChartSVG.kietzig).drawing
        let image = try PNG.decode(PNGChartRenderer.render(drawing, scale: 2))
        let title = try #require(drawing.texts(.title).first)
        // The title's first letter sits between its baseline and a cap height above it.
        let inked = (Int(title.x * 2)..<Int(title.x * 2 + 20)).contains { x in
            (Int((title.y - 10) * 2)..<Int(title.y * 2)).contains { y in (image[x, y]?.luma ?? 255) < 100 }
        }
        #expect(inked)
    }

    @Test func test_hSquareTintsTheCoreBarsInThePNG() throws {
        let drawing = HIndexChart(title: "h", citations: [10, 8, 5, 4, 3]).drawing
        let image = try PNG.decode(PNGChartRenderer.render(drawing, scale: 2))
        let square = try #require(drawing.rectangles(.hSquare).first)
        let core = try #require(drawing.rectangles(.hCoreBar).first)
        let pureCore = Self.rgba(ChartPalette.standard.color(for: .hCoreBar))
        // Inside the square the bar is tinted; above the square it keeps its own colour.
        let inside = try #require(Self.pixel(image, core.x + core.width / 2, square.y + square.height / 2, scale: 2))
        let above = try #require(Self.pixel(image, core.x + core.width / 2, core.y + 2, scale: 2))
        #expect(above == pureCore)
        #expect(inside != pureCore)
        #expect(inside.red > pureCore.red, "the orange square adds red")
    }

    @Test func test_noDataChartPNGStillHasItsMessage() throws {
        let drawing = HIndexChart(title: "Empty", citations: []).drawing
        let image = try PNG.decode(PNGChartRenderer.render(drawing, scale: 1))
        let middle = (130..<230).flatMap { x in (110..<135).compactMap { y in image[x, y]?.luma } }
        #expect(middle.contains { $0 < 128 })
    }

    /// Each tick label drawn alone (on white): its ink is near its anchor, and outside the plot
    /// (year labels under the axis, counts left of the plot's left edge).
    @Test func test_tickLabelsInkNearTheirAnchorAndNeverInsideThePlot() throws {
        let drawing = CitationsPerYearChart(title: "Anne Kietzig", countsByYear: ChartSVG.kietzig).drawing
        let scale = 2.0
        // The axis is the line at 0, along the plot's bottom edge from its left edge to its right.
        let axis = try #require(drawing.lines(.axis).first)
        let plotLeft = min(axis.x1, axis.x2), plotBottom = axis.y1
        let labels = drawing.texts(.tickLabel)
        #expect(labels.count > 4)
        for label in labels {
            let alone = ChartDrawing(width: drawing.width, height: drawing.height, title: "", summary: "", elements: [.text(label)])
            let image = PNGChartRenderer.image(alone, scale: Int(scale))
            let ink = (0..<image.height).flatMap { y in (0..<image.width).compactMap { x in (image[x, y]?.luma ?? 255) < 200 ? (x: x, y: y) : nil } }
            #expect(ink.count > 10, "\(label.text) leaves no ink")
            // Inside the plot means right of its left edge and above the axis.
            let inPlot = ink.filter { Double($0.x) > plotLeft * scale + 1 && Double($0.y) < plotBottom * scale - 1 }
            #expect(inPlot.isEmpty, "\(label.text) inks \(inPlot.count) pixels inside the plot")
            // The ink sits on the baseline (within the font's descent) and within a line's height above it.
            let baseline = label.y * scale, em = label.fontSize * scale
            #expect(ink.allSatisfy { Double($0.y) <= baseline + em * 0.3 && Double($0.y) >= baseline - em * 1.1 }, "\(label.text)")
        }
    }
}
