import ScholarKit

/// The metrics as a plain-text table: metric, value, one-line meaning.
enum MetricsTable {
    static func render(_ metrics: ImpactMetrics, options: MetricsOptions) -> String {
        let rows = ImpactMetrics.catalogue.map { descriptor in
            let approximate = metrics.approximate.contains(descriptor.key) ? "~" : ""
            return (descriptor.label, approximate + metrics.value(forKey: descriptor.key).formatted, descriptor.meaning)
        }
        let labelWidth = max(6, rows.map(\.0.count).max() ?? 0)
        let valueWidth = max(5, rows.map(\.1.count).max() ?? 0)
        func line(_ label: String, _ value: String, _ meaning: String) -> String {
            label.padding(toLength: labelWidth) + "  " + String(repeating: " ", count: valueWidth - value.count) + value + "  " + meaning + "\n"
        }
        var text = line("Metric", "Value", "Meaning (\(options.referenceYearSource.describe(options.referenceYear)))")
        text += String(repeating: "-", count: labelWidth) + "  " + String(repeating: "-", count: valueWidth) + "  " + String(repeating: "-", count: 40) + "\n"
        for row in rows { text += line(row.0, row.1, row.2) }
        if !metrics.approximate.isEmpty {
            text += "\n~ approximate: some author lists are unknown or truncated (\(metrics.approximate.joined(separator: ", "))).\n"
        }
        return text
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
