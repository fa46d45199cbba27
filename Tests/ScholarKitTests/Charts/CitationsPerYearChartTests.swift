import Testing
@testable import ScholarKit

@Suite struct CitationsPerYearChartTests {
    let kietzig = CitationsPerYearChart(title: "Anne Kietzig", countsByYear: ChartSVG.kietzig)

    @Test func test_kietzigHistogramHasOneBarPerYearFrom2009To2019() {
        let bars = kietzig.drawing.rectangles(.bar)
        #expect(kietzig.years == Array(2009...2019))
        #expect(bars.count == 11)
        #expect(bars.first?.label == "2009: 6 citations")
        #expect(bars.last?.label == "2019: 83 citations")
    }

    @Test func test_barHeightsAreProportionalToCountsAndTheTallestIsThePeak() throws {
        let bars = kietzig.drawing.rectangles(.bar)
        let counts = kietzig.counts
        let unitsPerCitation = try #require(bars.first).height / Double(counts[0])
        for (bar, count) in zip(bars, counts) {
            #expect(abs(bar.height - Double(count) * unitsPerCitation) < 1e-9)
        }
        let tallest = try #require(bars.max { $0.height < $1.height })
        #expect(tallest.label == "2018: 348 citations")
        // Every bar stands on the same baseline, the axis at 0.
        let baseline = try #require(kietzig.drawing.lines(.axis).first).y1
        #expect(bars.allSatisfy { abs($0.y + $0.height - baseline) < 1e-9 })
    }

    @Test func test_countAxisHasRoundTicksAboveThePeak() {
        #expect(kietzig.drawing.strings(.tickLabel).filter { $0.count < 4 } == ["0", "100", "200", "300", "400"])
        #expect(kietzig.drawing.lines(.gridline).count == 4)
    }

    @Test func test_eachBarWritesItsCountWhenThereIsRoom() {
        #expect(kietzig.drawing.strings(.valueLabel) == ["6", "25", "44", "54", "56", "99", "128", "243", "248", "348", "83"])
    }

    @Test func test_yearsMissingBetweenFirstAndLastAreEmptySlots() {
        let chart = CitationsPerYearChart(title: "Gaps", countsByYear: [2015: 5, 2018: 2, 2020: 4])
        let bars = chart.drawing.rectangles(.bar)
        #expect(chart.years == [2015, 2016, 2017, 2018, 2019, 2020])
        #expect(chart.counts == [5, 0, 0, 2, 0, 4])
        #expect(bars.map(\.height).map { $0 == 0 } == [false, true, true, false, true, false])
        #expect(bars[1].label == "2016: 0 citations")
        // Slots are evenly spaced: the empty years take the same room as the others.
        let steps = zip(bars.dropFirst(), bars).map { $0.x - $1.x }
        #expect(steps.allSatisfy { abs($0 - steps[0]) < 1e-9 })
    }

    @Test func test_summaryGivesTheSpanTheTotalAndThePeak() {
        // The bars add up to 1,334; the profile's "Citations" stat says 1,338 (SOURCES.md: the
        // histogram total may differ by a few).
        #expect(kietzig.summary == "Citations per year, 2009–2019: 1,334 in total; peak 348 in 2018")
        #expect(kietzig.drawing.summary == kietzig.summary)
        #expect(kietzig.drawing.title == "Anne Kietzig")
        let single = CitationsPerYearChart(title: "One", countsByYear: [2021: 0])
        #expect(single.summary == "Citations per year, 2021: 0 in total")
    }

    @Test func test_yearLabelsAreThinnedToRoundYearsWhenCrowded() {
        let kietzigYears = kietzig.drawing.strings(.tickLabel).filter { $0.count == 4 }
        #expect(kietzigYears == ["2010", "2012", "2014", "2016", "2018"])

        let long = CitationsPerYearChart(title: "Long", countsByYear: [1950: 1, 2024: 1])
        let labels = long.drawing.texts(.tickLabel).filter { $0.text.count == 4 }
        #expect(long.drawing.rectangles(.bar).count == 75)
        #expect(labels.map(\.text) == stride(from: 1950, through: 2020, by: 10).map(String.init))
        let room = zip(labels.dropFirst(), labels).map { $0.x - $1.x }
        #expect(room.allSatisfy { $0 > ChartScale.estimatedWidth(of: "2000", fontSize: ChartFrame.labelFontSize) })
    }

    @Test func test_aFewYearsAreAllLabelled() {
        let chart = CitationsPerYearChart(title: "Short", countsByYear: [2022: 3, 2023: 9, 2024: 1])
        #expect(chart.drawing.strings(.tickLabel).filter { $0.count == 4 } == ["2022", "2023", "2024"])
    }

    @Test func test_negativeCountsAreDrawnAsZero() {
        let chart = CitationsPerYearChart(title: "Odd", countsByYear: [2020: -4, 2021: 3])
        #expect(chart.counts == [0, 3])
        #expect(chart.drawing.rectangles(.bar).map(\.height).first == 0)
        #expect(chart.total == 3)
    }

    @Test func test_noYearsGiveAChartSayingNoCitationData() {
        let chart = CitationsPerYearChart(title: "Nothing yet", countsByYear: [:])
        #expect(chart.drawing.strings(.note) == ["No citation data"])
        #expect(chart.drawing.rectangles(.bar).isEmpty)
        #expect(chart.summary == "Citations per year: no citation data")
        #expect(chart.peak == nil)
    }

    @Test func test_allZeroYearsStillDrawAnAxis() {
        let chart = CitationsPerYearChart(title: "Zeros", countsByYear: [2019: 0, 2021: 0])
        #expect(chart.drawing.rectangles(.bar).count == 3)
        #expect(chart.drawing.rectangles(.bar).allSatisfy { $0.height == 0 })
        #expect(chart.drawing.strings(.tickLabel).contains("1"))
        #expect(chart.peak == nil)
    }
}

/// Issue 21 (the Ulm thesis §5.4): the graph says which share of the citations has a year.
@Suite struct CitationsDatedShareTests {
    @Test func theSummaryGivesTheShareOfCitationsWithAYear() {
        let chart = CitationsPerYearChart(title: "t", countsByYear: [2019: 30, 2020: 57], citationsInAll: 100)
        #expect(chart.summary.hasSuffix("; 87 % of the 100 citations could be given a year"))
        #expect(!CitationsPerYearChart(title: "t", countsByYear: [2019: 3]).summary.contains("could be given a year"))
    }
}
