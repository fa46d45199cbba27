import Markup
import Testing
@testable import ScholarKit

@Suite struct SVGChartRendererTests {
    let kietzig = CitationsPerYearChart(title: "Anne Kietzig", countsByYear: ChartSVG.kietzig).drawing

    @Test func test_chartSVGIsWellFormedXML() {
        #expect(ChartSVG.isWellFormed(SVGChartRenderer.render(kietzig)))
        #expect(ChartSVG.isWellFormed(SVGChartRenderer.render(HIndexChart(title: "h", citations: [10, 8, 5, 4, 3]).drawing)))
        #expect(ChartSVG.isWellFormed(SVGChartRenderer.render(HIndexChart(title: "h", citations: []).drawing)))
    }

    @Test func test_rootScalesToItsContainerAndIsOneAccessibleImage() throws {
        let document = try ChartSVG.document(kietzig)
        let root = try #require(document.root)
        #expect(root.name == "svg")
        #expect(root.attribute("viewBox") == "0 0 360 240")
        #expect(root.attribute("width") == "100%")
        #expect(root.attribute("height") == nil)
        #expect(root.attribute("role") == "img")
        #expect(root.attribute("aria-label") == "Anne Kietzig. Citations per year, 2009–2019: 1,334 in total; peak 348 in 2018")
        let title = try #require(try document.first("/*/*[local-name()='title']"))
        #expect(title.text == "Anne Kietzig")
        #expect(try document.first("/*/*[local-name()='desc']")?.text == "Citations per year, 2009–2019: 1,334 in total; peak 348 in 2018")
    }

    @Test func test_oneBarElementPerYearWithItsCountAsTooltip() throws {
        let document = try ChartSVG.document(kietzig)
        let bars = try ChartSVG.elements("rect", class: .bar, in: document)
        #expect(bars.count == 11)
        #expect(bars.map { $0.normalizedText } == ChartSVG.kietzig.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value) citations" })
        let heights = bars.compactMap { $0.attribute("height").flatMap(Double.init) }
        #expect(heights.count == 11)
        #expect(heights.max() == heights[9], "2018 has the most citations")
    }

    @Test func test_axisAndYearLabelsAreText() throws {
        let document = try ChartSVG.document(kietzig)
        let labels = try ChartSVG.elements("text", class: .tickLabel, in: document).map(\.text)
        #expect(labels.contains("400") && labels.contains("0"))
        #expect(labels.contains("2010") && labels.contains("2018"))
        let title = try ChartSVG.elements("text", class: .title, in: document)
        #expect(title.map(\.text) == ["Anne Kietzig"])
        #expect(title.first?.attribute("font-weight") == "bold")
    }

    @Test func test_hIndexSVGShowsTheSquareTheDiagonalAndTheLabel() throws {
        let document = try ChartSVG.document(HIndexChart(title: "h", citations: [10, 8, 5, 4, 3]).drawing)
        #expect(try ChartSVG.elements("rect", class: .hSquare, in: document).first?.attribute("fill-opacity") != nil)
        #expect(try ChartSVG.elements("line", class: .diagonal, in: document).count == 1)
        #expect(try ChartSVG.elements("text", class: .annotation, in: document).map(\.text) == ["h = 4"])
        #expect(try ChartSVG.elements("rect", class: .hCoreBar, in: document).count == 4)
    }

    @Test func test_noDataChartSaysSoInTheSVG() throws {
        let document = try ChartSVG.document(CitationsPerYearChart(title: "None", countsByYear: [:]).drawing)
        #expect(try ChartSVG.elements("text", class: .note, in: document).map(\.text) == ["No citation data"])
        #expect(try ChartSVG.elements("rect", class: .bar, in: document).isEmpty)
    }

    @Test func test_titlesWithMarkupCharactersAreEscaped() throws {
        let title = "Smith & Jones: <b>\"Ice\"</b> 'friction'\u{1}"
        let drawing = CitationsPerYearChart(title: title, countsByYear: [2020: 1]).drawing
        let svg = SVGChartRenderer.render(drawing)
        #expect(ChartSVG.isWellFormed(svg))
        #expect(!svg.contains("<b>"))
        let document = try MarkupDocument.xml(svg)
        #expect(try document.first("/*/*[local-name()='title']")?.text == "Smith & Jones: <b>\"Ice\"</b> 'friction' ")
    }

    @Test func test_numbersAreShortAndLocaleFree() {
        #expect(SVGChartRenderer.number(12) == "12")
        #expect(SVGChartRenderer.number(12.345) == "12.35")
        #expect(SVGChartRenderer.number(-0.001) == "0")
        #expect(SVGChartRenderer.number(.nan) == "0")
        #expect(ChartScale.grouped(1_234_567) == "1,234,567")
        #expect(ChartScale.grouped(999) == "999")
    }

    @Test func test_tickStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ChartScale.ticks(upTo: 348) == [0, 100, 200, 300, 400])
        #expect(ChartScale.ticks(upTo: 10) == [0, 2, 4, 6, 8, 10])
        #expect(ChartScale.ticks(upTo: 3) == [0, 1, 2, 3])
        #expect(ChartScale.ticks(upTo: 0) == [0, 1])
        #expect(ChartScale.ticks(upTo: 12_001) == [0, 5_000, 10_000, 15_000])
    }
}
