/// The full Publish or Perish metric set for one list of publications.
///
/// Definitions, conventions and sources are in docs/METRICS.md. The JSON form has exactly
/// these keys, always present (`firstYear`/`lastYear` are `null` when no year is known),
/// so other tools can rely on them.
public struct ImpactMetrics: Sendable, Hashable, Codable {
    public var papers: Int
    public var citations: Int
    public var years: Int
    public var firstYear: Int?
    public var lastYear: Int?
    public var citesPerYear: Double
    public var citesPerPaper: Double
    public var citesPerAuthor: Double
    public var papersPerAuthor: Double
    public var authorsPerPaper: Double
    public var h: Int
    public var g: Int
    public var gPadded: Int
    public var hc: Int
    public var hI: Double
    public var hINorm: Int
    public var hIAnnual: Double
    public var hm: Double
    public var hA: Int
    public var e: Double
    public var m: Double
    public var hirschA: Double
    public var awcr: Double
    public var aw: Double
    public var awcrpa: Double
    public var acc1: Int
    public var acc2: Int
    public var acc5: Int
    public var acc10: Int
    public var acc20: Int
    public var i10: Int
    /// Names of the metrics whose value rests on unknown or truncated author lists.
    public var approximate: [String]

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case papers, citations, years, firstYear, lastYear, citesPerYear, citesPerPaper, citesPerAuthor
        case papersPerAuthor, authorsPerPaper, h, g, gPadded, hc, hI, hINorm, hIAnnual, hm, hA, e, m
        case hirschA, awcr, aw, awcrpa, acc1, acc2, acc5, acc10, acc20, i10, approximate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(papers, forKey: .papers)
        try container.encode(citations, forKey: .citations)
        try container.encode(years, forKey: .years)
        // Encoded as null rather than left out: the key set is a promise to other tools.
        try container.encode(firstYear, forKey: .firstYear)
        try container.encode(lastYear, forKey: .lastYear)
        try container.encode(citesPerYear, forKey: .citesPerYear)
        try container.encode(citesPerPaper, forKey: .citesPerPaper)
        try container.encode(citesPerAuthor, forKey: .citesPerAuthor)
        try container.encode(papersPerAuthor, forKey: .papersPerAuthor)
        try container.encode(authorsPerPaper, forKey: .authorsPerPaper)
        try container.encode(h, forKey: .h)
        try container.encode(g, forKey: .g)
        try container.encode(gPadded, forKey: .gPadded)
        try container.encode(hc, forKey: .hc)
        try container.encode(hI, forKey: .hI)
        try container.encode(hINorm, forKey: .hINorm)
        try container.encode(hIAnnual, forKey: .hIAnnual)
        try container.encode(hm, forKey: .hm)
        try container.encode(hA, forKey: .hA)
        try container.encode(e, forKey: .e)
        try container.encode(m, forKey: .m)
        try container.encode(hirschA, forKey: .hirschA)
        try container.encode(awcr, forKey: .awcr)
        try container.encode(aw, forKey: .aw)
        try container.encode(awcrpa, forKey: .awcrpa)
        try container.encode(acc1, forKey: .acc1)
        try container.encode(acc2, forKey: .acc2)
        try container.encode(acc5, forKey: .acc5)
        try container.encode(acc10, forKey: .acc10)
        try container.encode(acc20, forKey: .acc20)
        try container.encode(i10, forKey: .i10)
        try container.encode(approximate, forKey: .approximate)
    }

    /// The JSON keys, in the order the metric table lists them.
    public static let keys: [String] = CodingKeys.allCases.map(\.rawValue)
}
