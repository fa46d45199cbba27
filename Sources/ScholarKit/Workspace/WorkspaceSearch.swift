import Foundation

/// A search as the history lists it.
public struct SearchSummary: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64
    public var label: String
    public var parameters: SearchParameters
    public var ranAt: Date
    /// `nil` while the search is only cached.
    public var savedAt: Date?
    /// When a cached search will be deleted; `nil` for a saved one.
    public var expiresAt: Date?
    /// Publications as the user sees them: merged records count once.
    public var publicationCount: Int
    public var totalResults: Int?
    public var nameFilter: AuthorNameFilter.Outcome?
    /// What the source said about this search (e.g. which OpenAlex author was chosen).
    public var note: String?
    /// For OpenAlex: the author records the name matched, the chosen one marked.
    public var authorCandidates: [AuthorCandidate] = []

    public var isSaved: Bool { savedAt != nil }
}

/// One publication of a stored search, as the user sees it: an original record, or a merged
/// record standing for several.
public struct WorkspacePublication: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64
    public var publication: Publication
    public var status: PublicationStatus
    /// Why it is excluded ("user", "homepage", "remembered"), `nil` when included.
    public var exclusionReason: String?
    /// "Merge #n" for a merged record.
    public var mergeNumber: Int?
    /// The records a merge stands for (its direct members), empty for an original record.
    public var memberIDs: [Int64]
    public var citationsPerYear: [Int: Int]?
    /// `nil` until a homepage filter ran on the search.
    public var onHomepage: Bool?

    public var isMerge: Bool { mergeNumber != nil }
}

/// A stored search opened: its publications, most cited first, their statuses and the metrics.
public struct StoredSearch: Sendable {
    public var summary: SearchSummary
    /// The search's version when it was opened (``ScholarWorkspace/open(_:options:)``): every
    /// edit raises it, so a view drawn from this search may be kept under it. Nil when read
    /// inside a change.
    public internal(set) var version: Int64?
    /// Top-level publications (merge members are inside their merges), ranked as the metrics
    /// rank them, excluded ones last.
    public var publications: [WorkspacePublication]
    public var report: MetricsReport
    /// Citations per year of the whole search: the source's histogram when it gave one (a
    /// Scholar profile), else the sum of the publications' own counts.
    public var citationsPerYear: [Int: Int]
    /// The records each merge stands for, by the merge's id, in their order before merging.
    public var mergeMembers: [Int64: [MergeMember]] = [:]

    public func publication(_ id: Int64) -> WorkspacePublication? { publications.first { $0.id == id } }

    /// The search as a file, as curated: the included publications with merges as one record,
    /// the `limit` most cited (all when `nil`), as Publish or Perish exports only its checked
    /// lines. `includingExcluded` adds the excluded ones after them, each marked with why, in a
    /// way the format keeps and Bottega reads back (`PublicationExporter`).
    public func exported(as format: PublicationFormat, limit: Int? = nil, includingExcluded: Bool = false, options: MetricsOptions) throws -> String {
        try PublicationExporter.export(curatedPublications(limit: limit, includingExcluded: includingExcluded), as: format, options: options)
    }

    /// What `exported` writes. With `includingExcluded`, every merge is followed by the records
    /// it stands for, each side marked (`MergeMark`), so that importing the file rebuilds it.
    public func curatedPublications(limit: Int? = nil, includingExcluded: Bool = false) -> [Publication] {
        let included = publications.lazy.filter { !$0.publication.isExcluded }.prefix(limit ?? .max)
        guard includingExcluded else { return included.map(\.publication) }
        var written: [Publication] = []
        for entry in Array(included) + publications.filter(\.publication.isExcluded) {
            appendMarked(entry.publication, id: entry.id, mergeNumber: entry.mergeNumber, memberOf: nil, to: &written)
        }
        return written
    }

    private func appendMarked(_ publication: Publication, id: Int64, mergeNumber: Int?, memberOf: Int?, to written: inout [Publication]) {
        guard mergeNumber != nil || memberOf != nil else { return written.append(publication) }
        var marked = publication
        var details = marked.details ?? PublicationDetails()
        details.mergeMark = MergeMark(number: mergeNumber, memberOf: memberOf)
        marked.details = details
        written.append(marked)
        guard let mergeNumber else { return }
        for member in mergeMembers[id] ?? [] {
            appendMarked(member.publication, id: member.id, mergeNumber: member.mergeNumber, memberOf: mergeNumber, to: &written)
        }
    }
}

/// A record a merge stands for, as stored before merging.
public struct MergeMember: Sendable, Equatable {
    public var id: Int64
    public var publication: Publication
    /// Set when the member is itself a merge.
    public var mergeNumber: Int?
}
