/// What a metrics computation is relative to, and which conventions it follows.
public struct MetricsOptions: Sendable, Hashable {
    /// The year ages are counted to (Y in docs/METRICS.md); Publish or Perish uses the current year.
    public var referenceYear: Int
    /// Leave papers with no citations out, as if the user had ticked them all out.
    public var excludeZeroCited: Bool
    /// Report Egghe's padded g (which may exceed the number of papers) as `g`,
    /// instead of Publish or Perish's g capped at the number of papers.
    public var padG: Bool

    public init(referenceYear: Int, excludeZeroCited: Bool = false, padG: Bool = false) {
        self.referenceYear = referenceYear
        self.excludeZeroCited = excludeZeroCited
        self.padG = padG
    }
}
