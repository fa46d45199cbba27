import XMLText

/// A self-contained HTML page with the metrics table and the ranked publication list,
/// for sending by e-mail or printing. It reads on a phone as well as on a desktop.
enum HTMLReportWriter {
    static func write(_ publications: [Publication], report: MetricsReport, options: MetricsOptions, limit: Int? = nil, heading: String? = nil) -> String {
        let metrics = report.metrics
        let excluded = publications.indices.filter { report.statuses[$0] == .excluded }
        let rows = limit.map { Array(report.ranking.prefix($0)) } ?? (report.ranking + excluded)
        let listedNote = limit.map { _ in "<p class=\"meaning\" id=\"listed\">\(rows.count) of \(publications.count) publications listed (the most cited); the metrics are those of all \(publications.count).</p>\n" } ?? ""
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Bottega impact report</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:1rem;color:#222}
        table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}
        th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #ddd;vertical-align:top}
        td.num{text-align:right;font-variant-numeric:tabular-nums}
        tr.hCore{background:#e8f4ea} tr.limbo{background:#eee;color:#555}
        tr.excluded{color:#999;text-decoration:line-through}
        .meaning{color:#666;font-size:.9em}
        </style>
        </head>
        <body>
        <h1>Impact report</h1>
        \(heading.map { "<p id=\"report-of\"><b>\(XMLText.escaped($0))</b></p>" } ?? "")
        <p>\(metrics.papers) publications, \(metrics.citations) citations, \(options.referenceYearSource.describe(options.referenceYear)).</p>
        <h2>Metrics</h2>
        <table class="metrics">
        <thead><tr><th>Metric</th><th>Value</th><th>Meaning</th></tr></thead>
        <tbody>

        """
        for descriptor in ImpactMetrics.catalogue {
            let approximate = metrics.approximate.contains(descriptor.key) ? " (approx.)" : ""
            html += "<tr id=\"metric-\(descriptor.key)\"><td>\(XMLText.escaped(descriptor.label))</td>"
                + "<td class=\"num\">\(metrics.value(forKey: descriptor.key).formatted)\(approximate)</td>"
                + "<td class=\"meaning\">\(XMLText.escaped(descriptor.meaning))</td></tr>\n"
        }
        html += """
        </tbody>
        </table>
        <h2>Publications</h2>
        <table class="publications">
        <thead><tr><th>#</th><th>Cites</th><th>Publication</th><th>Year</th><th>Status</th></tr></thead>
        <tbody>

        """
        for (position, index) in rows.enumerated() {
            let publication = publications[index]
            let status = report.statuses[index]
            let authors = AuthorList.join(publication.authors, truncated: publication.authorsTruncated)
            let venue = publication.venue.map { " — <i>\(XMLText.escaped($0))</i>" } ?? ""
            html += "<tr class=\"\(status.rawValue)\"><td class=\"num\">\(position + 1)</td>"
                + "<td class=\"num\">\(publication.citations)</td>"
                + "<td><b>\(XMLText.escaped(publication.title))</b><br>\(XMLText.escaped(authors))\(venue)</td>"
                + "<td>\(publication.year.map(String.init) ?? "")</td><td>\(status.rawValue)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n" + listedNote + "<p class=\"meaning\">Made by Bottega. Definitions: docs/METRICS.md.</p>\n</body>\n</html>\n"
        return html
    }

}
