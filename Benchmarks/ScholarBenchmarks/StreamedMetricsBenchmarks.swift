@preconcurrency import Benchmark
import Foundation
import ScholarKit

/// `bottega scholar metrics` as it reads files: in 4 MiB pieces, 24 bytes kept per paper.
/// Memory is not measured here: this process holds the million synthetic papers the files are
/// written from; scripts/peers gives the CLI's peak resident memory.
/// The files are written once, by Bottega's exporters, to a temporary folder: a million-row CSV
/// and 50,000-paper BibTeX and RIS lists. scripts/peers times the same work as whole processes
/// beside pandas + numpy.
func streamedMetricsBenchmarks(_ million: [Publication]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-streamed-benchmarks")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let options = MetricsOptions(referenceYear: 2026)
    let files: [(PublicationFormat, [Publication], String)] = [
        (.csv, million, "1,000,000 papers"),
        (.bibtex, Array(million.prefix(50_000)), "50,000 papers"),
        (.ris, Array(million.prefix(50_000)), "50,000 papers"),
    ]
    for (format, papers, label) in files {
        let url = folder.appendingPathComponent("streamed-\(papers.count).\(format.fileExtension)")
        guard let text = try? PublicationExporter.export(papers, as: format, options: options),
              (try? Data(text.utf8).write(to: url)) != nil else { continue }
        let megabytes = Double(text.utf8.count) / 1_000_000
        Benchmark("Metrics read in pieces, \(format.displayName), \(label), \((megabytes * 10).rounded() / 10) MB",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
            for _ in benchmark.scaledIterations {
                var accumulator = MetricsAccumulator(options: options)
                blackHole(try PublicationMetricsReader.read(contentsOf: url, into: &accumulator))
                blackHole(accumulator.metrics)
            }
        }
    }
}
