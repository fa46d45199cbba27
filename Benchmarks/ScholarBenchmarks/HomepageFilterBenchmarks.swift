import Benchmark
import Markup
import ScholarKit
import TestSupport

/// A homepage of `count` entries in al-folio's markup and as many search results: half of
/// them the page's titles as Scholar varies them (lower case, punctuation gone, one word
/// dropped), half titles the page lacks, all drawn from one vocabulary so that they share words.
/// With `citationStrings`, each entry is one AMS-style string with the title inside it, and a
/// quarter of the results are titles Scholar cut with "…". With `cellsPerYear` as well, the
/// strings are parted by `<br>` in a table cell per year, 40 to a cell (`LineRuns`).
func syntheticHomepageWorkload(count: Int, citationStrings: Bool = false, cellsPerYear: Bool = false) -> (html: String, results: [HomepageCandidate]) {
    var generator = SeededGenerator(seed: 1_987)
    let vocabulary = [
        "learning", "graph", "neural", "robust", "inference", "bayesian", "networks", "sparse", "model", "theory",
        "adaptive", "causal", "estimation", "deep", "optimal", "control", "spectral", "methods", "analysis", "random",
        "matroids", "polynomial", "semantic", "vision", "language", "policy", "uncertainty", "dynamic", "scalable", "kernel",
    ]
    func title() -> String {
        let words = (0..<(6 + Int(generator.next() % 8))).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }
        return words.joined(separator: " ").capitalized + ": a study \(generator.next() % 100_000)"
    }
    var entries = ""
    var results: [HomepageCandidate] = []
    for index in 0..<count {
        let text = title()
        if cellsPerYear {
            if index % 40 == 0 { entries += (index > 0 ? "</td></tr>\n" : "") + "<tr><td>\(2025 - index / 40)</td><td>\n" }
            entries += """
                Lovelace, A., B. Author\(index), and C. Coauthor, \(2025 - index / 40): \(text). \
                <i>Journal of Synthetic Results</i>, \(index % 40), \(100 + index)–\(120 + index).<br>\n
                """
        } else if citationStrings {
            // The commonest homepage: authors, year, title and venue in one string.
            entries += """
                <li>Lovelace, A., B. Author\(index), and C. Coauthor, \(1990 + index % 35): \(text). \
                <i>Journal of Synthetic Results</i>, \(index % 40), \(100 + index)–\(120 + index).</li>\n
                """
        } else {
            entries += """
                <li><div class="row"><div class="col-sm-8"><div class="title">\(text)</div>
                <div class="author"><em>Ada Lovelace</em>, Author \(index) and Coauthor \(index % 7)</div>
                <div class="periodical"><em>Journal of Synthetic Results</em>, \(1990 + index % 35)</div></div></div></li>\n
                """
        }
        if citationStrings || cellsPerYear, index % 4 == 0 {
            // Scholar cuts some long titles short.
            let words = text.split(separator: " ")
            results.append(HomepageCandidate(title: words.prefix(max(4, words.count * 2 / 3)).joined(separator: " ") + " …", authors: ["A Lovelace"]))
        } else if index % 2 == 0 {
            var words = text.lowercased().replacingOccurrences(of: ":", with: "").split(separator: " ")
            if words.count > 8 { words.remove(at: 2) }
            results.append(HomepageCandidate(title: words.joined(separator: " "), authors: ["A Lovelace", "A \(index)"]))
        } else {
            results.append(HomepageCandidate(title: title(), authors: ["B Babbage"]))
        }
    }
    let html = cellsPerYear
        ? "<html><body><h1>Publications</h1><table>\n\(entries)</td></tr></table></body></html>"
        : "<html><body><h1>Publications</h1><ol class=\"bibliography\">\n\(entries)</ol></body></html>"
    return (html, results)
}

func homepageFilterBenchmarks() {
    let workload = syntheticHomepageWorkload(count: 1_000)
    Benchmark("Homepage filter, 1,000 entries × 1,000 results") { benchmark in
        let page = try MarkupDocument.html(workload.html)
        for _ in benchmark.scaledIterations {
            blackHole(try HomepageFilter().match(homepage: page, results: workload.results))
        }
    }
    let citations = syntheticHomepageWorkload(count: 1_000, citationStrings: true)
    Benchmark("Homepage filter, 1,000 citation strings × 1,000 results") { benchmark in
        let page = try MarkupDocument.html(citations.html)
        for _ in benchmark.scaledIterations {
            blackHole(try HomepageFilter().match(homepage: page, results: citations.results))
        }
    }
    let cells = syntheticHomepageWorkload(count: 1_000, cellsPerYear: true)
    Benchmark("Homepage filter, 1,000 citations parted by <br> in a cell per year × 1,000 results") { benchmark in
        let page = try MarkupDocument.html(cells.html)
        for _ in benchmark.scaledIterations {
            blackHole(try HomepageFilter().match(homepage: page, results: cells.results))
        }
    }
}
