/// What each metric is called and means, for tables, reports and screens.
public struct MetricDescriptor: Sendable, Hashable {
    /// The JSON key (`hINorm`).
    public let key: String
    /// A short human label (`hI,norm`).
    public let label: String
    /// One line saying what the number means.
    public let meaning: String
}

/// A metric's value, typed for display.
public enum MetricValue: Sendable, Hashable {
    case integer(Int)
    case real(Double)
    /// No value (a first year when no paper is dated).
    case none

    /// The value as a table shows it: reals with two decimals, missing values as "–".
    public var formatted: String {
        switch self {
        case .integer(let value): String(value)
        case .real(let value): value.formatted2
        case .none: "–"
        }
    }
}

extension Double {
    /// Two decimals, without Foundation's locale-dependent formatters.
    var formatted2: String {
        let hundredths = (self * 100).rounded()
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = Int(abs(hundredths))
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension ImpactMetrics {
    /// Every metric but `approximate`, in the order of `ImpactMetrics.keys`.
    public static let catalogue: [MetricDescriptor] = [
        .init(key: "papers", label: "Papers", meaning: "publications taking part"),
        .init(key: "citations", label: "Citations", meaning: "total citations"),
        .init(key: "years", label: "Years", meaning: "years from the first publication to the reference year"),
        .init(key: "firstYear", label: "First year", meaning: "year of the earliest dated publication"),
        .init(key: "lastYear", label: "Last year", meaning: "year of the latest dated publication"),
        .init(key: "citesPerYear", label: "Cites/year", meaning: "citations per year of career"),
        .init(key: "citesPerPaper", label: "Cites/paper", meaning: "mean citations per publication"),
        .init(key: "citesPerAuthor", label: "Cites/author", meaning: "citations shared out among each paper's authors"),
        .init(key: "papersPerAuthor", label: "Papers/author", meaning: "publications shared out among their authors"),
        .init(key: "authorsPerPaper", label: "Authors/paper", meaning: "mean number of authors per publication"),
        .init(key: "h", label: "h-index", meaning: "h papers have at least h citations each (Hirsch)"),
        .init(key: "g", label: "g-index", meaning: "the top g papers have at least g² citations together (Egghe)"),
        .init(key: "gPadded", label: "g (padded)", meaning: "g allowed to exceed the number of papers"),
        .init(key: "hc", label: "hc-index", meaning: "contemporary h: recent citations weigh more (Sidiropoulos)"),
        .init(key: "hI", label: "hI-index", meaning: "h corrected for co-authors in the h-core (Batista)"),
        .init(key: "hINorm", label: "hI,norm", meaning: "h of citations divided by each paper's author count"),
        .init(key: "hIAnnual", label: "hI,annual", meaning: "hI,norm per year of career"),
        .init(key: "hm", label: "hm-index", meaning: "h with fractional author ranks (Schreiber)"),
        .init(key: "hA", label: "hA-index", meaning: "h of citations per year of each paper's age"),
        .init(key: "e", label: "e-index", meaning: "excess citations of the h-core (Zhang)"),
        .init(key: "m", label: "m-quotient", meaning: "h per year of career (Hirsch)"),
        .init(key: "hirschA", label: "Hirsch a", meaning: "citations / h²"),
        .init(key: "awcr", label: "AWCR", meaning: "age-weighted citation rate (Jin)"),
        .init(key: "aw", label: "AW-index", meaning: "square root of AWCR"),
        .init(key: "awcrpa", label: "AWCRpA", meaning: "AWCR shared out among authors"),
        .init(key: "acc1", label: "acc1", meaning: "papers with at least 1 citation per year"),
        .init(key: "acc2", label: "acc2", meaning: "papers with at least 2 citations per year"),
        .init(key: "acc5", label: "acc5", meaning: "papers with at least 5 citations per year"),
        .init(key: "acc10", label: "acc10", meaning: "papers with at least 10 citations per year"),
        .init(key: "acc20", label: "acc20", meaning: "papers with at least 20 citations per year"),
        .init(key: "i10", label: "i10-index", meaning: "papers with at least 10 citations (Google Scholar)"),
    ]

    /// The value of the metric named `key`, `.none` for an unknown key.
    public func value(forKey key: String) -> MetricValue {
        switch key {
        case "papers": .integer(papers)
        case "citations": .integer(citations)
        case "years": .integer(years)
        case "firstYear": firstYear.map(MetricValue.integer) ?? .none
        case "lastYear": lastYear.map(MetricValue.integer) ?? .none
        case "citesPerYear": .real(citesPerYear)
        case "citesPerPaper": .real(citesPerPaper)
        case "citesPerAuthor": .real(citesPerAuthor)
        case "papersPerAuthor": .real(papersPerAuthor)
        case "authorsPerPaper": .real(authorsPerPaper)
        case "h": .integer(h)
        case "g": .integer(g)
        case "gPadded": .integer(gPadded)
        case "hc": .integer(hc)
        case "hI": .real(hI)
        case "hINorm": .integer(hINorm)
        case "hIAnnual": .real(hIAnnual)
        case "hm": .real(hm)
        case "hA": .integer(hA)
        case "e": .real(e)
        case "m": .real(m)
        case "hirschA": .real(hirschA)
        case "awcr": .real(awcr)
        case "aw": .real(aw)
        case "awcrpa": .real(awcrpa)
        case "acc1": .integer(acc1)
        case "acc2": .integer(acc2)
        case "acc5": .integer(acc5)
        case "acc10": .integer(acc10)
        case "acc20": .integer(acc20)
        case "i10": .integer(i10)
        default: .none
        }
    }
}
