import Foundation
import Mustache
import ScholarKit
import WebCore

/// What the Scholar templates show, already formatted: templates stay logic-less.
enum ScholarView {
    struct Metric: Encodable {
        let name: String
        /// "~" before a value that rests on unknown or cut author lists, as the CLI's table marks it.
        let value: String
        let meaning: String
        let approximate: Bool
    }

    struct Row: Encodable {
        let id: Int64
        let title: String
        let authors: String
        let venue: String?
        let year: String
        let citations: Int
        let status: String
        let statusLabel: String
        let excluded: Bool
        let merge: String?
        let rank: Int
        /// Publish or Perish's columns: citations per year, number of authors; the g-core.
        let citesPerYear: String
        /// "1 author", "3 authors", "at least 5 authors" for a cut list, as the metrics count it.
        let authorCount: String
        /// Why it is excluded, in words; `nil` when it counts.
        let exclusion: String?
        let inGCore: Bool
    }

    static func orderLabel(_ order: PublicationListOrder) -> String {
        switch order {
        case .citations: "citations"
        case .citationsPerYear: "cites/year"
        case .year: "year"
        case .title: "title"
        case .authors: "authors"
        case .authorCount: "number of authors"
        }
    }

    struct Summary: Encodable {
        let id: Int64
        let label: String
        let source: String
        let ranAt: String
        let saved: Bool
        let cacheLeft: String?
        let publicationCount: Int
        let note: String?
        /// "kept 9, excluded 1 by the name filter", when it ran.
        let nameFilter: String?
        /// Kept results whose author lists Scholar cut before the name: the screen offers to complete them.
        let cutAuthorLists: Int
        let hasCutAuthorLists: Bool
        /// A search of a source can be asked again; an imported file cannot.
        let canRefresh: Bool
        /// What tells this search from another of the same researcher (source, years, filter).
        let qualifiers: String
        /// For OpenAlex: the author records the name matched, each a choice.
        let candidates: [Candidate]
        let hasCandidates: Bool
        /// The search's source as the form names it, for "Use this author".
        let sourceKey: String
        let author: String
        let from: String
        let to: String
    }

    /// An OpenAlex author record the searched name matched.
    struct Candidate: Encodable {
        let id, name: String
        let works, citations: Int
        let chosen: Bool
        let institution: String?

        init(_ candidate: AuthorCandidate) {
            (id, name, works, citations) = (candidate.id, candidate.name, candidate.works, candidate.citations)
            (chosen, institution) = (candidate.isChosen, candidate.institution)
        }
    }

    static func summary(_ search: SearchSummary) -> Summary {
        let left = search.expiresAt.map { max(0, $0.timeIntervalSinceNow) / 3_600 }
        return Summary(
            id: search.id, label: search.label, source: sourceName(search.parameters.source),
            ranAt: search.ranAt.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)),
            saved: search.isSaved, cacheLeft: left.map { String(format: "%.1f h", $0) },
            publicationCount: search.publicationCount, note: search.note,
            nameFilter: search.nameFilter.map { outcome in
                let cut = outcome.keptTruncated == 0 ? "" : " \(outcome.keptTruncated) of the kept have an author list cut before the name (author list truncated)."
                let initials = outcome.learnedInitials.map { " Initials taken as \($0.uppercased()), as the list mostly writes them." } ?? ""
                return "Kept \(outcome.kept), excluded \(outcome.dropped) by the name filter (they are in the excluded list; include one to count it).\(initials)\(cut)"
            },
            cutAuthorLists: search.parameters.source == .scholar ? search.nameFilter?.keptTruncated ?? 0 : 0,
            hasCutAuthorLists: search.parameters.source == .scholar && (search.nameFilter?.keptTruncated ?? 0) > 0,
            canRefresh: search.parameters.source != .file,
            qualifiers: search.parameters.qualifiers,
            candidates: search.authorCandidates.count > 1 ? search.authorCandidates.map(Candidate.init) : [],
            hasCandidates: search.authorCandidates.count > 1,
            sourceKey: search.parameters.source.rawValue,
            author: search.parameters.query.author ?? "",
            from: search.parameters.query.fromYear.map(String.init) ?? "", to: search.parameters.query.toYear.map(String.init) ?? ""
        )
    }

    static func sourceName(_ source: SearchParameters.Source) -> String {
        SearchParameters(source: source).sourceName
    }

    /// Every metric of docs/METRICS.md, h and g first, each with the one line a user needs.
    static func metrics(_ metrics: ImpactMetrics) -> [Metric] {
        let headline = ["h", "g", "papers", "citations"]
        let ordered = ImpactMetrics.catalogue.filter { headline.contains($0.key) }.sorted { headline.firstIndex(of: $0.key) ?? 0 < headline.firstIndex(of: $1.key) ?? 0 }
            + ImpactMetrics.catalogue.filter { !headline.contains($0.key) }
        return ordered.map { descriptor in
            let approximate = metrics.approximate.contains(descriptor.key)
            return Metric(
                name: descriptor.label, value: (approximate ? "~" : "") + metrics.value(forKey: descriptor.key).formatted,
                meaning: descriptor.meaning + (approximate ? " (approximate: some author lists are unknown or cut)" : ""), approximate: approximate)
        }
    }

    static func row(_ item: WorkspacePublication, rank: Int, inGCore: Bool = false, referenceYear: Int = Calendar.current.component(.year, from: Date())) -> Row {
        let publication = item.publication
        return Row(
            id: item.id, title: publication.title,
            authors: AuthorList.join(publication.authors, truncated: publication.authorsTruncated),
            venue: publication.venue.flatMap { $0.isEmpty ? nil : $0 }, year: publication.year.map(String.init) ?? "–",
            citations: publication.citations, status: item.status.rawValue, statusLabel: statusLabel(item.status),
            excluded: item.status == .excluded, merge: item.mergeNumber.map { "Merge #\($0)" }, rank: rank,
            citesPerYear: String(format: "%.1f", PublicationListOrder.citationsPerYear(publication, referenceYear)),
            authorCount: authorCountText(publication),
            exclusion: item.status == .excluded ? exclusionText(item.exclusionReason) : nil, inGCore: inGCore && item.status != .hCore
        )
    }

    static func authorCountText(_ publication: Publication) -> String {
        if publication.authors.isEmpty { return "authors unknown" }
        let count = publication.authorCountForMetrics
        if publication.authorsTruncated { return "at least \(count) authors" }
        return count == 1 ? "1 author" : "\(count) authors"
    }

    /// Why a paper is excluded, as the workspace's reason says it.
    static func exclusionText(_ reason: String?) -> String {
        switch reason {
        case "name": "excluded by the name filter: a namesake's"
        case "homepage": "excluded: not on the researcher's homepage"
        case "remembered": "excluded, as in the saved search"
        case nil, "user": "excluded by you"
        case let other?: "excluded (\(other))"
        }
    }

    static func statusLabel(_ status: PublicationStatus) -> String {
        switch status {
        case .hCore: "in the h-core"
        case .limbo: "limbo: tied at the threshold"
        case .outside: "outside the h-core"
        case .excluded: "excluded"
        }
    }
}

// Rows are rendered a thousand at a time: a name lookup must not build a Mirror each time.
extension ScholarView.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "authors": authors
        case "venue": venue
        case "year": year
        case "citations": citations
        case "status": status
        case "statusLabel": statusLabel
        case "excluded": excluded
        case "merge": merge
        case "rank": rank
        case "citesPerYear": citesPerYear
        case "authorCount": authorCount
        case "exclusion": exclusion
        case "inGCore": inGCore
        default: nil
        }
    }
}

