import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar metrics FILE…`: the full Publish or Perish metric set.
struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print a researcher's impact metrics (h, g, hc, hI, hm, e, AWCR, …) for one or more publication lists.",
        discussion: "Definitions are in docs/METRICS.md. Values marked ~ rest on unknown or truncated author lists."
    )

    @OptionGroup var input: PublicationInput
    @OptionGroup var conventions: MetricsConventions

    @Option(help: "text: a readable table; json: one object with a fixed set of keys.")
    var format: OutputFormat = .text

    func run() throws {
        // Read in pieces, keeping 24 bytes per paper: a million-row list takes the memory of its facts, not of its text.
        var accumulator = MetricsAccumulator(options: conventions.options)
        try input.read(into: &accumulator)
        if accumulator.count == 0 { StandardError.write("warning: the files hold no publications; every metric is 0.") }
        let metrics = accumulator.metrics, options = accumulator.resolvedOptions
        switch format {
        case .json:
            // The JSON's keys are a promise to other tools: where the year came from goes to stderr.
            if options.referenceYearSource != .given { StandardError.write(options.referenceYearSource.describe(options.referenceYear)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(metrics), as: UTF8.self))
        case .text:
            print(MetricsTable.render(metrics, options: options), terminator: "")
        }
    }
}
