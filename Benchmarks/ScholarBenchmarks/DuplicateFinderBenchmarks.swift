import Benchmark
import Foundation
import ScholarKit
import TestSupport

/// One researcher's list of `count` publications, all sharing her surname (so blocking on
/// authors is useless), with titles drawn from a word list by a seeded generator and about
/// 5% planted near-duplicates of the kinds Google Scholar produces. `planted` pairs each
/// copy with its original.
func duplicateWorkload(count: Int) -> (publications: [Publication], planted: [(original: Int, copy: Int)]) {
    var generator = SeededGenerator(seed: 1_962)
    func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
    func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }

    func title() -> String {
        var words: [String] = []
        if chance(40) { words.append(pick(DuplicateWords.openings)) }
        for _ in 0..<(4 + Int(generator.next() % 6)) {
            words.append(chance(30) ? pick(DuplicateWords.joiners) : pick(DuplicateWords.terms))
        }
        var text = words.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst()
        if chance(35) { text += ": " + (0..<(2 + Int(generator.next() % 4))).map { _ in pick(DuplicateWords.terms) }.joined(separator: " ") }
        return text
    }

    var publications: [Publication] = []
    var planted: [(original: Int, copy: Int)] = []
    while publications.count < count {
        let coauthors = (0..<Int(generator.next() % 5)).map { _ in "\(pick(DuplicateWords.initials)) \(pick(DuplicateWords.surnames))" }
        var authors = coauthors
        authors.insert(chance(50) ? "Jennifer A. Doudna" : "JA Doudna", at: Int(generator.next() % UInt64(authors.count + 1)))
        let original = Publication(
            title: title(), authors: authors, year: chance(5) ? nil : 1985 + Int(generator.next() % 40),
            citations: Int(generator.next() % 500)
        )
        publications.append(original)
        guard publications.count < count, chance(5) else { continue }
        var copy = original
        copy.citations = Int(generator.next() % 20)
        switch generator.next() % 5 {
        case 0:   // case and punctuation
            copy.title = original.title.uppercased().replacingOccurrences(of: " ", with: pick([" ", "-", ", "]))
        case 1:   // a typo
            var scalars = Array(original.title.unicodeScalars)
            let at = Int(generator.next() % UInt64(scalars.count))
            if chance(50) { scalars.remove(at: at) } else { scalars[at] = pick(["e", "a", "o", "n"]) }
            copy.title = String(String.UnicodeScalarView(scalars))
        case 2:   // a short subtitle dropped, or one added
            copy.title = original.title.contains(":")
                ? String(original.title.prefix(while: { $0 != ":" }))
                : original.title + ": " + pick(DuplicateWords.terms)
        case 3:   // a [CITATION] stub: surname and initial only, a year off
            copy.authors = ["J Doudna"]
            copy.year = original.year.map { $0 + (chance(50) ? 1 : -1) }
        default:  // preprint and journal: a year apart, another spelling of the authors
            copy.authors = authors.map { $0 == "Jennifer A. Doudna" ? "JA Doudna" : $0 }
            copy.year = original.year.map { $0 - 1 }
        }
        planted.append((publications.count - 1, publications.count))
        publications.append(copy)
    }
    return (publications, planted)
}

/// Words for synthetic titles: research vocabulary, so that titles share words and
/// prefixes as a real list does.
enum DuplicateWords {
    static let openings = ["A", "The", "On the", "Towards", "Toward a", "An", "Beyond", "Rethinking"]
    static let joiners = ["of", "in", "for", "and", "with", "on", "the", "from", "via", "under", "to"]
    static let terms = """
        analysis model models spatial migration genome editing structure structures mechanism mechanisms \
        protein RNA DNA guided cleavage bacterial immunity adaptive interference cartography map \
        projection projections transformation interpolation regression bidimensional flow flows \
        network networks neural dynamic dynamics simulation transmission friction hydraulic valve \
        control estimation inference learning deep statistical bayesian evidence review survey \
        field fields geography geographical geographic population demography urban growth \
        regional interaction patterns cellular automata diffusion distance surface terrain digital \
        computer program programs data method methods approach framework theory empirical \
        experimental clinical trial outcomes cohort patients treatment therapy gene expression \
        cell cells tissue mouse human plant evolution ecology conservation habitat species tapir \
        forest climate change carbon water soil energy efficient optimal robust adaptive stochastic \
        linear nonlinear global local measurement impact citation scholarly metrics index indices
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let surnames = [
        "Jinek", "Chylinski", "Charpentier", "Wiedenheft", "Sternberg", "Jiang", "Nogales", "Cate",
        "Tobler", "Snyder", "Golledge", "Couclelis", "Fujii", "Hrovat", "Kennedy", "Wang", "Zhang",
        "Müller", "Łukasiewicz", "García", "Nguyen", "Okafor", "Rossi", "Smith",
    ]
    static let initials = ["M", "K", "E", "B", "SH", "F", "J", "R", "WR", "Y", "D", "A", "QH"]
}

func duplicateFinderBenchmarks() {
    let workload = duplicateWorkload(count: 10_000)
    Benchmark("Duplicate suggestions, 10,000 publications") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(DuplicateFinder().suggestions(in: workload.publications))
        }
    }
}
