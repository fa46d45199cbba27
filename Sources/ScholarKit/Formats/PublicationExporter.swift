/// Writes publication lists in every format Bottega exports.
public enum PublicationExporter {
    /// The text of `publications` in `format`. `options` sets the reference year of the HTML
    /// report's metrics and of the CSV's derived columns (Age, CitesPerYear); one not given is
    /// the list's query date's, so a Publish or Perish file's columns are written back as they were.
    ///
    /// `limit` lists only the N most cited; the HTML report's metrics stay those of every
    /// publication and it says "N of M publications listed". `heading` names what the report is
    /// of (researcher, source, date, parameters).
    public static func export(
        _ publications: [Publication], as format: PublicationFormat, options: MetricsOptions, limit: Int? = nil, heading: String? = nil
    ) throws -> String {
        let report = MetricsReport(publications: publications, options: options)
        let listed = limit.map { report.ranking.prefix($0).map { publications[$0] } } ?? publications
        return switch format {
        case .csv: CSVWriter.write(listed, referenceYear: report.options.referenceYear)
        case .bibtex: BibTeXWriter.write(listed)
        case .ris: RISWriter.write(listed)
        case .json: try JSONPublicationWriter.write(listed)
        case .endnote: EndNoteWriter.write(listed)
        case .isi: WebOfScienceWriter.write(listed)
        case .jsonl: try JSONLinesWriter.write(listed)
        case .dblp: throw ExportRefusal(message: "dblp XML is read, not written: export as CSV, BibTeX, RIS, JSON, EndNote, Web of Science or JSON Lines")
        case .html: HTMLReportWriter.write(publications, report: report, options: report.options, limit: limit, heading: heading)
        }
    }
}

/// A format Bottega reads but does not write.
public struct ExportRefusal: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
