/// Where a publication stands relative to the h-index, as the screens colour it.
public enum PublicationStatus: String, Sendable, Codable, CaseIterable {
    /// One of the first h papers of the ranking: it counts towards h.
    case hCore
    /// Outside the h-core but cited exactly as often as the h-th paper: the Italian thesis's grey
    /// rows, where several papers tie at the threshold and not all of them can count.
    case limbo
    /// Ranked below the h-core.
    case outside
    /// Ticked out by the user; takes no part in any metric.
    case excluded
}
