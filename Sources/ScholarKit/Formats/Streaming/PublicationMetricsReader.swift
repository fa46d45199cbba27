import Foundation

/// Reads publication files for their metrics alone, in pieces: memory stays the size of a piece
/// plus 24 bytes per paper, whatever the file's size. The papers, refusals and notes are the ones
/// `PublicationImporter` gives for the same file, which every format falls back to where a
/// streamed reading could differ: JSON, text that is not UTF-8, a record cut by a piece's end.
public enum PublicationMetricsReader {
    /// A piece of 4 MiB: large enough that a read costs nothing next to the parse.
    public static let defaultChunkSize = 4 << 20

    /// Adds the papers of one file to `accumulator`; returns what was skipped or changed.
    public static func read(
        contentsOf url: URL,
        format: PublicationFormat? = nil,
        options: ImportOptions = ImportOptions(),
        into accumulator: inout MetricsAccumulator,
        chunkSize: Int = defaultChunkSize
    ) throws -> MetricsReadSummary {
        var summary = MetricsReadSummary()
        var streamed = accumulator
        do {
            let source = try ChunkedFile(url: url, chunkSize: chunkSize)
            if let chosen = try streamedFormat(of: source, given: format) {
                switch chosen {
                case .csv:
                    var reader = CSVFactsReader(source: source, options: options)
                    try reader.read(into: &streamed, summary: &summary)
                case .ris:
                    var reader = RISFactsReader(source: source, options: options)
                    try reader.read(into: &streamed, summary: &summary)
                case .bibtex:
                    var reader = BibTeXFactsReader(source: source, options: options)
                    try reader.read(into: &streamed, summary: &summary)
                case .json, .html, .endnote, .isi, .jsonl, .dblp:
                    preconditionFailure("\(chosen) is not streamed")
                }
                accumulator = streamed
                summary.readInPieces = true
                return summary
            }
        } catch is ChunkedFile.NotUTF8 {
        } catch is ReadWholeInstead {
        }
        return try readWhole(url, format: format, options: options, into: &accumulator)
    }

    /// The format to stream the file as, or `nil` to read it whole.
    private static func streamedFormat(of source: ChunkedFile, given: PublicationFormat?) throws -> PublicationFormat? {
        // A first piece of nothing but whitespace is left to the whole-file reader's "empty file" judgement.
        guard source.buffer.contains(where: { !FieldBytes.isASCIIWhitespace($0) }) else { return nil }
        let chosen = try PublicationImporter.chooseFormat(file: source.file, head: source.buffer.prefix(4096), given: given)
        switch chosen {
        case .csv, .bibtex, .ris: return chosen
        case .json, .html, .endnote, .isi, .jsonl, .dblp: return nil
        }
    }

    private static func readWhole(
        _ url: URL, format: PublicationFormat?, options: ImportOptions, into accumulator: inout MetricsAccumulator
    ) throws -> MetricsReadSummary {
        var options = options
        // The streamed readers never read the other fields, so they cannot note their cuts.
        options.notesMetricFieldsOnly = true
        let result = try PublicationImporter.read(contentsOf: url, format: format, options: options)
        var summary = MetricsReadSummary()
        summary.absorb(result, into: &accumulator)
        return summary
    }
}
