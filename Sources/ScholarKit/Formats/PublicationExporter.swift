/// Writes publication lists in every format Bottega exports.
public enum PublicationExporter {
    /// The text of `publications` in `format`. `options` sets the reference year of the HTML
    /// report's metrics and of the CSV's derived columns (Age, CitesPerYear).
    public static func export(_ publications: [Publication], as format: PublicationFormat, options: MetricsOptions) throws -> String {
        switch format {
        case .csv: CSVWriter.write(publications, referenceYear: options.referenceYear)
        case .bibtex: BibTeXWriter.write(publications)
        case .ris: RISWriter.write(publications)
        case .json: try JSONPublicationWriter.write(publications)
        case .html: HTMLReportWriter.write(publications, report: MetricsReport(publications: publications, options: options), options: options)
        }
    }
}
