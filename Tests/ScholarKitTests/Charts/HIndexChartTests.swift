import Testing
@testable import ScholarKit

@Suite struct HIndexChartTests {
    @Test func test_squareAndLabelMarkHFourForTenEightFiveFourThree() throws {
        let chart = HIndexChart(title: "Example", citations: [10, 8, 5, 4, 3])
        let drawing = chart.drawing
        #expect(chart.h == 4)
        #expect(drawing.strings(.annotation) == ["h = 4"])
        #expect(drawing.rectangles(.hCoreBar).count == 4)
        #expect(drawing.rectangles(.bar).count == 1)

        // The square spans the first four paper slots and rises to 4 citations.
        let square = try #require(drawing.rectangles(.hSquare).first)
        let core = drawing.rectangles(.hCoreBar)
        let slot = core[1].x - core[0].x
        #expect(abs(square.width - 4 * slot) < 1e-9)
        let unitsPerCitation = core[0].height / 10
        #expect(abs(square.height - 4 * unitsPerCitation) < 1e-9)
        #expect(abs(square.y + square.height - (core[0].y + core[0].height)) < 1e-9)
    }

    @Test func test_theDiagonalIsYEqualsXAndMeetsTheSquaresCorner() throws {
        let drawing = HIndexChart(title: "Example", citations: [10, 8, 5, 4, 3]).drawing
        let diagonal = try #require(drawing.lines(.diagonal).first)
        let square = try #require(drawing.rectangles(.hSquare).first)
        // The corner (h, h) lies on the line from the origin.
        let slope = (diagonal.y2 - diagonal.y1) / (diagonal.x2 - diagonal.x1)
        let cornerSlope = (square.y - diagonal.y1) / (square.x + square.width - diagonal.x1)
        #expect(abs(slope - cornerSlope) < 1e-9)
        #expect(diagonal.x1 == square.x && diagonal.y1 == square.y + square.height)
    }

    @Test func test_citationsInAnyOrderGiveTheSameChart() {
        let shuffled = HIndexChart(title: "t", citations: [4, 10, 3, 8, 5])
        let sorted = HIndexChart(title: "t", citations: [10, 8, 5, 4, 3])
        #expect(shuffled.citations == [10, 8, 5, 4, 3])
        #expect(shuffled.drawing == sorted.drawing)
    }

    @Test func test_uncitedPapersGiveHZeroAndNoSquare() {
        let chart = HIndexChart(title: "Zeros", citations: [0, 0])
        #expect(chart.h == 0)
        #expect(chart.drawing.strings(.annotation) == ["h = 0"])
        #expect(chart.drawing.rectangles(.hSquare).isEmpty)
        #expect(chart.drawing.rectangles(.bar).count == 2)
        #expect(chart.summary == "Citation curve of 2 papers ranked by citations: h = 0")
    }

    @Test func test_noPapersGiveAChartSayingNoCitationData() {
        let chart = HIndexChart(title: "Empty", citations: [])
        #expect(chart.h == 0)
        #expect(chart.drawing.strings(.note) == ["No citation data"])
        #expect(chart.drawing.rectangles(.bar).isEmpty && chart.drawing.rectangles(.hCoreBar).isEmpty)
    }

    @Test func test_summaryExplainsH() {
        #expect(HIndexChart(title: "t", citations: [10, 8, 5, 4, 3]).summary
            == "Citation curve of 5 papers ranked by citations: h = 4, as 4 papers have at least 4 citations each")
        #expect(HIndexChart(title: "t", citations: [7]).summary
            == "Citation curve of 1 paper ranked by citations: h = 1, as 1 paper has at least 1 citation")
    }

    @Test func test_aLongTailIsCutToTwiceHOrTwentyPapersAndSaidSo() {
        let small = HIndexChart(title: "t", citations: Array(repeating: 50, count: 5) + Array(repeating: 1, count: 95))
        #expect(small.h == 5)
        #expect(small.shownPaperCount == 20)
        #expect(small.drawing.rectangles(.hCoreBar).count + small.drawing.rectangles(.bar).count == 20)
        #expect(small.summary.contains("of 100 papers") && small.summary.contains("the 20 most cited are shown"))

        let large = HIndexChart(title: "t", citations: Array(repeating: 40, count: 30) + Array(repeating: 2, count: 200))
        #expect(large.h == 30)
        #expect(large.shownPaperCount == 60)

        let few = HIndexChart(title: "t", citations: [3, 2, 1])
        #expect(few.shownPaperCount == 3)
        #expect(!few.summary.contains("shown"))
    }

    @Test func test_barsFarAboveTheSquareAreCutAtTheTopAndSaidSo() {
        let chart = HIndexChart(title: "t", citations: [1000, 5, 4, 3])
        let drawing = chart.drawing
        #expect(chart.h == 3)
        #expect(drawing.lines(.cutMark).count == 1)
        // 4 papers: the axis stops at 15 (3 × 4 = 12, rounded up to a tick), not at 1000.
        #expect(drawing.strings(.tickLabel).contains("15"))
        #expect(!drawing.strings(.tickLabel).contains("1,000"))
        #expect(chart.summary.hasSuffix("; 1 bar above 15 citations is cut off"))
        #expect(drawing.rectangles(.hCoreBar).first?.label == "Paper 1: 1,000 citations")
    }

    /// Issue 38: three highly cited papers drew an axis stopping at 10, every bar cut.
    @Test func aFewHighlyCitedPapersAreDrawnNotAllCut() {
        let chart = HIndexChart(title: "t", citations: [11_960, 6_664, 327])
        let drawing = chart.drawing
        #expect(chart.h == 3)
        // One bar of three may be cut; the second, 6,664, must fit under the axis's top.
        #expect(drawing.lines(.cutMark).count <= 1)
        let top = drawing.strings(.tickLabel).compactMap { Int($0.filter { $0 != "," }) }.max() ?? 0
        #expect(top >= 6_664)
    }

    @Test func test_negativeCountsAreTakenAsZero() {
        let chart = HIndexChart(title: "t", citations: [-3, 2, 1])
        #expect(chart.citations == [2, 1, 0])
        #expect(chart.h == 1)
    }

    @Test func test_rankLabelsStartAtOneAndDoNotCollide() {
        let chart = HIndexChart(title: "t", citations: (1...60).map { 61 - $0 })
        let labels = chart.drawing.texts(.tickLabel).filter { $0.anchor == .middle }
        #expect(labels.first?.text == "1")
        let room = zip(labels.dropFirst(), labels).map { $0.x - $1.x }
        #expect(room.allSatisfy { $0 > ChartScale.estimatedWidth(of: "60", fontSize: ChartFrame.labelFontSize) })
    }
}
