import Foundation

/// The metrics of a publication list together with each publication's standing in the ranking.
public struct MetricsReport: Sendable {
    public let metrics: ImpactMetrics
    /// One status per input publication, in input order.
    public let statuses: [PublicationStatus]
    /// Indices of the publications that took part, most cited first (ties in input order).
    public let ranking: [Int]
    /// The options the metrics were computed with: a reference year not given is the list's query date's.
    public let options: MetricsOptions

    /// Computes every metric of docs/METRICS.md for `publications`.
    ///
    /// Excluded publications (and, with `excludeZeroCited`, uncited ones) take no part.
    public init(publications: [Publication], options requested: MetricsOptions) {
        let options = requested.resolved(for: publications)
        self.options = options
        var facts: [PaperFacts] = []
        facts.reserveCapacity(publications.count)
        for index in publications.indices { facts.append(PaperFacts(publications[index], options: options)) }
        let ranked = CitationRanking(facts: facts)
        let metrics = Self.metrics(of: facts, ranked: ranked, options: options)
        self.metrics = metrics
        self.ranking = ranked.order
        self.statuses = Self.statuses(of: publications.count, ranked: ranked, h: metrics.h)
    }

    /// The metrics alone, for papers read straight from a file without keeping their publications.
    static func metrics(of facts: [PaperFacts], options: MetricsOptions) -> ImpactMetrics {
        metrics(of: facts, ranked: CitationRanking(facts: facts), options: options)
    }

    private static func metrics(of facts: [PaperFacts], ranked: CitationRanking, options: MetricsOptions) -> ImpactMetrics {
        let included = ranked.order.map { facts[$0] }
        var metrics = computeMetrics(of: included, sortedCitations: ranked.citations, referenceYear: options.referenceYear)
        if options.padG { metrics.g = metrics.gPadded }
        return metrics
    }

    /// Statuses from the ranking: the first h are the core; below it, papers cited exactly as
    /// often as the h-th one are in limbo (they tie at the threshold but cannot all count).
    private static func statuses(of count: Int, ranked: CitationRanking, h: Int) -> [PublicationStatus] {
        var statuses = [PublicationStatus](repeating: .excluded, count: count)
        let threshold = h > 0 ? ranked.citations[h - 1] : nil
        for (rank, index) in ranked.order.enumerated() {
            if rank < h {
                statuses[index] = .hCore
            } else if ranked.citations[rank] == threshold {
                statuses[index] = .limbo
            } else {
                statuses[index] = .outside
            }
        }
        return statuses
    }

    /// The metric names that depend on author counts, and so are approximate when one is unknown.
    static let authorBasedMetrics = ["citesPerAuthor", "papersPerAuthor", "authorsPerPaper", "hINorm", "hIAnnual", "hm", "awcrpa"]

    /// The K of accK (Publish or Perish: papers with at least K citations per year), in key order.
    private static let accThresholds: [Double] = [1, 2, 5, 10, 20]

    /// `papers` are the included papers in ranking order; `sortedCitations` their counts.
    private static func computeMetrics(of papers: [PaperFacts], sortedCitations: [Int], referenceYear: Int) -> ImpactMetrics {
        let count = papers.count
        let totalCitations = sortedCitations.reduce(0, +)
        let knownYears = papers.compactMap(\.year)
        let firstYear = knownYears.min()
        // A list whose first paper is dated after the reference year still spans one year.
        let years = firstYear.map { max(1, referenceYear - $0 + 1) } ?? 0

        let h = HIndex.ofDescending(sortedCitations)
        let g = gIndex(sortedCitations)
        let coreCitations = sortedCitations.prefix(h).reduce(0, +)
        let coreAuthors = papers.prefix(h).reduce(0) { $0 + $1.authorCount }

        var citesPerAuthor = 0.0, papersPerAuthor = 0.0, totalAuthors = 0
        var awcr = 0.0, awcrpa = 0.0
        var accumulated = [Int](repeating: 0, count: accThresholds.count)
        var ageWeighted = [Double](), normalised = [Double]()
        ageWeighted.reserveCapacity(count)
        normalised.reserveCapacity(count)
        var hm = 0.0, effectiveRank = 0.0, hmSettled = false
        for (paper, citations) in zip(papers, sortedCitations) {
            let authors = Double(paper.authorCount)
            let cites = Double(citations)
            totalAuthors += paper.authorCount
            citesPerAuthor += cites / authors
            papersPerAuthor += 1 / authors
            normalised.append(cites / authors)
            // Schreiber's hm: fractional ranks r_i; c_i falls and r_i grows, so the first
            // failure ends the search.
            if !hmSettled {
                effectiveRank += 1 / authors
                if cites >= effectiveRank { hm = effectiveRank } else { hmSettled = true }
            }
            // An undated paper has no age: it adds nothing to age-weighted sums and counts.
            guard let year = paper.year else {
                ageWeighted.append(0)
                continue
            }
            let perYear = cites / Double(PaperAge.years(publishedIn: year, referenceYear: referenceYear))
            ageWeighted.append(perYear)
            awcr += perYear
            awcrpa += perYear / authors
            for (slot, threshold) in accThresholds.enumerated() where perYear >= threshold { accumulated[slot] += 1 }
        }

        let hINorm = HIndex.of(normalised, count: count)
        var approximate: [String] = []
        if papers.contains(where: \.hasUncertainAuthorCount) { approximate += authorBasedMetrics }
        if papers.prefix(h).contains(where: \.hasUncertainAuthorCount) { approximate.append("hI") }

        return ImpactMetrics(
            papers: count,
            citations: totalCitations,
            years: years,
            firstYear: firstYear,
            lastYear: knownYears.max(),
            citesPerYear: years > 0 ? Double(totalCitations) / Double(years) : 0,
            citesPerPaper: count > 0 ? Double(totalCitations) / Double(count) : 0,
            citesPerAuthor: citesPerAuthor,
            papersPerAuthor: papersPerAuthor,
            authorsPerPaper: count > 0 ? Double(totalAuthors) / Double(count) : 0,
            h: h,
            g: g,
            gPadded: g == count ? integerSquareRoot(totalCitations) : g,
            hc: HIndex.of(ageWeighted.lazy.map { 4 * $0 }, count: count),
            hI: h > 0 ? Double(h * h) / Double(coreAuthors) : 0,
            hINorm: hINorm,
            hIAnnual: years > 0 ? Double(hINorm) / Double(years) : 0,
            hm: hm,
            hA: HIndex.of(ageWeighted, count: count),
            e: (Double(coreCitations - h * h)).squareRoot(),
            m: years > 0 ? Double(h) / Double(years) : 0,
            hirschA: h > 0 ? Double(totalCitations) / Double(h * h) : 0,
            awcr: awcr,
            aw: awcr.squareRoot(),
            awcrpa: awcrpa,
            acc1: accumulated[0],
            acc2: accumulated[1],
            acc5: accumulated[2],
            acc10: accumulated[3],
            acc20: accumulated[4],
            i10: sortedCitations.prefix { $0 >= 10 }.count,
            approximate: ImpactMetrics.keys.filter(approximate.contains)
        )
    }

    /// Publish or Perish's g: the largest g ≤ N whose top g papers have ≥ g² citations together.
    /// The running surplus Σc − g² only shrinks once it starts to (citations fall while 2g+1
    /// grows), so the first g that fails ends the search.
    static func gIndex(_ sortedCitations: [Int]) -> Int {
        var sum = 0, g = 0
        for citations in sortedCitations {
            sum += citations
            guard sum >= (g + 1) * (g + 1) else { break }
            g += 1
        }
        return g
    }

    /// Egghe's padded g beyond N: the largest g with g² ≤ all citations.
    static func integerSquareRoot(_ value: Int) -> Int {
        guard value > 0 else { return 0 }
        var root = Int(Double(value).squareRoot())
        while root * root > value { root -= 1 }
        while (root + 1) * (root + 1) <= value { root += 1 }
        return root
    }
}
