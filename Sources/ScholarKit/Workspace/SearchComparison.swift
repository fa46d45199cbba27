import Foundation

/// The Ulm thesis's compare: two searches side by side, for two researchers or one researcher
/// over time. A publication one search counts and the other holds excluded is shown as excluded
/// there, not as missing; one that neither counts is left out.
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
        /// The search holds the publication but the user (or a filter) excluded it.
        public var firstExcluded = false
        public var secondExcluded = false

        /// Second minus first, when both count it.
        public var difference: Int? {
            guard let firstCitations, let secondCitations, !firstExcluded, !secondExcluded else { return nil }
            return secondCitations - firstCitations
        }

        /// "+3", "−1", "±0" (with a real minus sign), "excluded in first"/"excluded in second",
        /// or "only first"/"only second".
        public var differenceText: String {
            if firstExcluded { return "excluded in first" }
            if secondExcluded { return "excluded in second" }
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
        let index = PublicationIndex(second.publications.map { ($0.id, $0.publication) })
        let secondByID = Dictionary(second.publications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<Int64>()
        var rows: [Row] = []
        // Counted publications are matched first, so a counted counterpart is preferred to an excluded one.
        let firstInOrder = first.publications.filter { $0.status != .excluded } + first.publications.filter { $0.status == .excluded }
        for publication in firstInOrder {
            var row = Row(title: publication.publication.title, year: publication.publication.year, firstID: publication.id, firstCitations: publication.publication.citations)
            row.firstExcluded = publication.status == .excluded
            if let match = index.match(publication.publication, where: { !used.contains($0) }),
               let other = secondByID[match] {
                used.insert(match)
                row.secondID = match
                row.secondCitations = other.publication.citations
                row.secondExcluded = other.status == .excluded
            }
            if !(row.firstExcluded && (row.secondExcluded || row.secondID == nil)) { rows.append(row) }
        }
        for publication in second.publications where !used.contains(publication.id) && publication.status != .excluded {
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
