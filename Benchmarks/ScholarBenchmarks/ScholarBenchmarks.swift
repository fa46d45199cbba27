import Benchmark
import Foundation
import ScholarKit
import TestSupport

/// A deterministic stand-in for a big publication list: Zipf-like citation counts, a spread
/// of years and author counts, some cut author lists and undated papers, like real exports.
func syntheticPublications(count: Int) -> [Publication] {
    var generator = SeededGenerator(seed: 2_011)
    return (0..<count).map { index in
        let authorCount = Int(generator.next() % 8)
        let citations = Int(10_000 / (1 + generator.next() % 5_000))
        return Publication(
            title: "On the measurement of scholarly impact, part \(index) — {é} & \"quoted\", with commas",
            authors: (0..<authorCount).map { "A\($0) Müller-Łukasiewicz" },
            authorsTruncated: index % 17 == 0,
            year: index % 23 == 0 ? nil : 1960 + Int(generator.next() % 66),
            citations: citations,
            venue: "Journal of Informetrics",
            publisher: "Elsevier",
            doi: "10.1016/j.joi.\(index)"
        )
    }
}


let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 20)

    let million = syntheticPublications(count: 1_000_000)
    Benchmark("Metrics, 1,000,000 papers") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(MetricsReport(publications: million, options: MetricsOptions(referenceYear: 2026)))
        }
    }

    // Import throughput: files the benchmark writes itself with Bottega's own exporters.
    let sample = syntheticPublications(count: 50_000)
    for format in [PublicationFormat.bibtex, .ris, .csv] {
        let text = (try? PublicationExporter.export(sample, as: format, options: MetricsOptions(referenceYear: 2026))) ?? ""
        let bytes = Array(text.utf8)
        let megabytes = Double(bytes.count) / 1_000_000
        Benchmark("Import \(format.displayName), \((megabytes * 10).rounded() / 10) MB") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try PublicationImporter.read(contents: bytes, file: "benchmark.\(format.fileExtension)", format: format))
            }
        }
    }

    streamedMetricsBenchmarks(million)

    // Scholar HTML parsing throughput, on a real 2024 results page (285 KB, 10 results), to set
    // against the Ulm thesis's TouchXML figure of 145 KB/s on an iPod touch. Paths are relative
    // to the package root, where `swift package benchmark` runs; without the shared fixtures
    // the benchmark is simply not registered.
    let crisprPage = "../shared/fixtures/scholar/google-scholar-results/gs-results-2024-rpidanny-crispr-cas9-page1.html"
    if let data = FileManager.default.contents(atPath: crisprPage) {
        let html = Array(data)
        Benchmark("Parse Google Scholar results HTML, \(html.count / 1_000) KB") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try GoogleScholarResultsPage.parse(html: html))
            }
        }
    }

    duplicateFinderBenchmarks()
    homepageFilterBenchmarks()
}
