import Foundation

/// What a metrics computation is relative to, and which conventions it follows.
public struct MetricsOptions: Sendable, Hashable {
    /// The year ages are counted to (Y in docs/METRICS.md).
    public var referenceYear: Int
    /// Where `referenceYear` came from, for every report to say.
    public var referenceYearSource: ReferenceYearSource
    /// Leave papers with no citations out, as if the user had ticked them all out.
    public var excludeZeroCited: Bool
    /// Report Egghe's padded g (which may exceed the number of papers) as `g`,
    /// instead of Publish or Perish's g capped at the number of papers.
    public var padG: Bool

    /// A year the user gave: it holds whatever the files say.
    public init(referenceYear: Int, excludeZeroCited: Bool = false, padG: Bool = false) {
        self.init(referenceYear: referenceYear, source: .given, excludeZeroCited: excludeZeroCited, padG: padG)
    }

    public init(referenceYear: Int, source: ReferenceYearSource, excludeZeroCited: Bool = false, padG: Bool = false) {
        self.referenceYear = referenceYear
        self.referenceYearSource = source
        self.excludeZeroCited = excludeZeroCited
        self.padG = padG
    }

    /// No year given: the list's own query date where it has one (as Publish or Perish counts
    /// ages to the day of the query), else this year.
    public static func untilQueryDate(excludeZeroCited: Bool = false, padG: Bool = false, now: Date = Date()) -> MetricsOptions {
        MetricsOptions(
            referenceYear: Calendar(identifier: .gregorian).component(.year, from: now), source: .today,
            excludeZeroCited: excludeZeroCited, padG: padG)
    }

    /// These options for a list retrieved in `queryYear`: a year that was not given becomes the query's.
    public func resolved(queryYear: Int?) -> MetricsOptions {
        guard referenceYearSource == .today, let queryYear else { return self }
        var resolved = self
        resolved.referenceYear = queryYear
        resolved.referenceYearSource = .queryDate
        return resolved
    }

    /// The options for `publications`: their latest query date decides a year that was not given.
    public func resolved(for publications: some Sequence<Publication>) -> MetricsOptions {
        guard referenceYearSource == .today else { return self }
        return resolved(queryYear: publications.lazy.compactMap(\.queryYear).max())
    }
}

/// Where a reference year came from.
public enum ReferenceYearSource: String, Sendable, Hashable, Codable {
    /// The user gave it (`--year`).
    case given
    /// The list's query date (Publish or Perish's QueryDate, RIS Y2, BibTeX urldate).
    case queryDate
    /// None was given and the list has no query date: this year.
    case today

    /// "reference year 2021, the list's query date", for reports.
    public func describe(_ year: Int) -> String {
        switch self {
        case .given: "reference year \(year), as given"
        case .queryDate: "reference year \(year), the list's query date"
        case .today: "reference year \(year), this year (the list has no query date)"
        }
    }
}

/// A paper's age as Publish or Perish counts it.
public enum PaperAge {
    /// The reference year minus the publication year, at least 1: in PoP's own export a paper of
    /// the query's year and one of the year before both have Age 1, and CitesPerYear divides by it.
    @inlinable
    public static func years(publishedIn year: Int, referenceYear: Int) -> Int {
        max(1, referenceYear - year)
    }
}

extension Publication {
    /// The year of the list's retrieval, from its query date ("2021-12-14 16:19:11", "2021/12/14").
    public var queryYear: Int? { details?.queryDate.flatMap { QueryDateYear.of($0.utf8) } }
}

enum QueryDateYear {
    /// The four-digit year a query date starts with, `nil` when it starts otherwise.
    static func of(_ bytes: some Collection<UInt8>) -> Int? {
        var year = 0, digits = 0
        for byte in bytes.prefix(4) {
            guard (0x30...0x39).contains(byte) else { return nil }
            year = year * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits == 4 && year >= 1000 ? year : nil
    }
}
