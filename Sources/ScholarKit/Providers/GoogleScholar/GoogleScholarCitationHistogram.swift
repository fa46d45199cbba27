import Markup

/// Reads Scholar's citations-per-year bar chart, on a profile (`span.gsc_g_t` year labels,
/// `a.gsc_g_a` bars with a `span.gsc_g_al` count) and on an article page (`gsc_oci_g_t`,
/// `gsc_oci_g_a`, `gsc_oci_g_al`).
///
/// A year without citations has a label but NO bar (the 2026 Elmatary profile: 14 labels,
/// 12 bars), so bars cannot be matched to labels by position. Each bar says its year
/// another way: its link's `as_ylo=YEAR` (article pages), or its `z-index`, which counts
/// from 1 at the rightmost, latest, label (every profile vintage, 2017–2026).
enum GoogleScholarCitationHistogram {
    /// Citations per year, with 0 for labelled years that have no bar; `nil` when the page has no chart.
    static func citationsPerYear(in document: MarkupDocument, labelClass: String, barClass: String, countClass: String) -> [Int: Int]? {
        let c = GoogleScholarMarkup.hasClass
        guard let firstLabel = try? document.first("//span[\(c(labelClass))]") else { return nil }
        // The chart, not the whole page: a profile can hold a second, empty, copy of the chart
        // container for its pop-up. 2017 keeps labels and bars in sibling divs of `#gsc_g`.
        var chart = firstLabel.parent
        if let inner = chart, ((try? inner.first(".//a[\(c(barClass))]")) ?? nil) == nil { chart = inner.parent }
        guard let chart else { return nil }

        let labelYears = ((try? chart.select(".//span[\(c(labelClass))]")) ?? []).compactMap { Int($0.normalizedText) }
        var perYear: [Int: Int] = [:]
        for year in labelYears { perYear[year] = 0 }
        let bars = (try? chart.select(".//a[\(c(barClass))]")) ?? []
        for (position, bar) in bars.enumerated() {
            let count = GoogleScholarMarkup.firstText(".//span[\(c(countClass))]", in: bar).flatMap(GoogleScholarMarkup.integer(in:)) ?? 0
            guard let year = year(of: bar, position: position, barCount: bars.count, labelYears: labelYears) else { continue }
            perYear[year, default: 0] += count
        }
        return perYear
    }

    /// The year a bar stands for: `as_ylo` of its link, else its `z-index` counted from the
    /// latest label, else its position when every label has a bar.
    private static func year(of bar: MarkupNode, position: Int, barCount: Int, labelYears: [Int]) -> Int? {
        if let year = GoogleScholarMarkup.queryParameter("as_ylo", in: bar.attribute("href")).flatMap({ Int($0) }) {
            return year
        }
        if let zIndex = zIndex(inStyle: bar.attribute("style") ?? ""), zIndex >= 1, zIndex <= labelYears.count {
            return labelYears[labelYears.count - zIndex]
        }
        return barCount == labelYears.count ? labelYears[position] : nil
    }

    /// "right:424px;top:96px;height:64px;z-index:14" → 14.
    static func zIndex(inStyle style: String) -> Int? {
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingWhitespace().lowercased() == "z-index" {
                return Int(parts[1].trimmingWhitespace())
            }
        }
        return nil
    }
}
