import Foundation

/// The orders Publish or Perish's results list sorts by, for the publication list (web and CLI):
/// citations (the ranking), citations per year, year, title, authors, number of authors.
/// Excluded publications stay last whatever the order, as they take no part in the metrics.
public enum PublicationListOrder: String, Sendable, CaseIterable, Codable {
    case citations
    case citationsPerYear = "cites-per-year"
    case year
    case title
    case authors
    case authorCount = "author-count"

    /// `publications` (a stored search's, ranked) in this order; ties keep the ranking.
    public func sorted(_ publications: [WorkspacePublication], referenceYear: Int) -> [WorkspacePublication] {
        let counted = publications.enumerated().filter { $0.element.status != .excluded }
        let excluded = publications.filter { $0.status == .excluded }
        let ordered = counted.sorted { lhs, rhs in
            let (a, b) = (lhs.element.publication, rhs.element.publication)
            switch self {
            case .citations: break
            case .citationsPerYear:
                let (x, y) = (Self.citationsPerYear(a, referenceYear), Self.citationsPerYear(b, referenceYear))
                if x != y { return x > y }
            case .year:
                if a.year != b.year { return (a.year ?? .min) > (b.year ?? .min) }
            case .title:
                let order = a.title.localizedStandardCompare(b.title)
                if order != .orderedSame { return order == .orderedAscending }
            case .authors:
                let order = (a.authors.first ?? "~").localizedStandardCompare(b.authors.first ?? "~")
                if order != .orderedSame { return order == .orderedAscending }
            case .authorCount:
                // As the screens show and the metrics count them: a cut list counts one more.
                if a.authorCountForMetrics != b.authorCountForMetrics { return a.authorCountForMetrics < b.authorCountForMetrics }
            }
            return lhs.offset < rhs.offset
        }
        return ordered.map(\.element) + excluded
    }

    /// Citations ÷ age (`PaperAge`): PoP's CitesPerYear; 0 without a year, as PoP writes.
    public static func citationsPerYear(_ publication: Publication, _ referenceYear: Int) -> Double {
        guard let year = publication.year else { return 0 }
        return Double(publication.citations) / Double(PaperAge.years(publishedIn: year, referenceYear: referenceYear))
    }
}

extension StoredSearch {
    /// The ids of the g-core: the g most cited counted publications (the Ulm thesis §5.2.3
    /// colours it beside the h-core).
    public var gCoreIDs: Set<Int64> {
        Set(publications.filter { $0.status != .excluded }.prefix(report.metrics.g).map(\.id))
    }
}
