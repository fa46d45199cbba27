import Foundation

/// The Ulm thesis's compare: two searches side by side, for two researchers or one researcher
/// over time. Only publications that count (not excluded) are compared.
public struct SearchComparison: Sendable {
    /// One publication of either search, with its counterpart in the other when there is one.
    public struct Row: Sendable, Equatable, Codable {
        public var title: String
        public var year: Int?
        /// The publication's id in the first search, `nil` when only the second has it.
        public var firstID: Int64?
        public var secondID: Int64?
        public var firstCitations: Int?
        public var secondCitations: Int?

        /// Second minus first, when both have it.
        public var difference: Int? {
            guard let firstCitations, let secondCitations else { return nil }
            return secondCitations - firstCitations
        }

        /// "+3", "−1", "±0" (with a real minus sign), or "only first"/"only second".
        public var differenceText: String {
            guard let difference else { return firstID == nil ? "only second" : "only first" }
            if difference == 0 { return "±0" }
            return difference > 0 ? "+\(difference)" : "\u{2212}\(-difference)"
        }
    }

    public var first: StoredSearch
    public var second: StoredSearch
    /// Publications of the first search in its ranking, each with its match in the second;
    /// then those only the second has, in its ranking.
    public var rows: [Row]

    public init(first: StoredSearch, second: StoredSearch) {
        self.first = first
        self.second = second
        let firstCounted = first.publications.filter { $0.status != .excluded }
        let secondCounted = second.publications.filter { $0.status != .excluded }
        let index = PublicationIndex(secondCounted.map { ($0.id, $0.publication) })
        let secondByID = Dictionary(secondCounted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<Int64>()
        var rows: [Row] = []
        for publication in firstCounted {
            var row = Row(title: publication.publication.title, year: publication.publication.year, firstID: publication.id, firstCitations: publication.publication.citations)
            if let match = index.match(publication.publication, where: { !used.contains($0) }),
               let other = secondByID[match] {
                used.insert(match)
                row.secondID = match
                row.secondCitations = other.publication.citations
            }
            rows.append(row)
        }
        for publication in secondCounted where !used.contains(publication.id) {
            rows.append(Row(title: publication.publication.title, year: publication.publication.year, secondID: publication.id, secondCitations: publication.publication.citations))
        }
        self.rows = rows
    }
}

extension ScholarWorkspace {
    /// Compares two stored searches.
    public func compare(_ firstID: Int64, _ secondID: Int64, options: MetricsOptions) throws -> SearchComparison {
        guard firstID != secondID else { throw ScholarWorkspaceError.nothingToCompare(firstID) }
        return SearchComparison(first: try open(firstID, options: options), second: try open(secondID, options: options))
    }
}
