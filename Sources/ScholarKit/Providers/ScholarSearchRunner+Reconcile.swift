import Fetch
import Foundation

extension ScholarSearchRunner {
    /// The works `source` holds that may be `paper`: the one its DOI names, else those its
    /// title search ranks first (a DOI the source does not know falls back to the title).
    public func lookUp(_ paper: Publication, in source: Reconciliation.Source) async throws -> [Publication] {
        if let doi = MatchText.normalizedDOI(paper.doi) {
            let byDOI: Publication? = switch source {
            case .crossref: try await crossref.work(doi: doi)
            case .openalex: try await openAlexClient.work(doi: doi)?.publication
            case .semanticScholar: try await semanticScholar.papers(doi: [doi])[doi]
            }
            if let byDOI { return [byDOI] }
        }
        let title = paper.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return [] }
        return switch source {
        case .crossref: try await crossref.works(titled: title)
        case .openalex: try await openAlexClient.works(titled: title).map(\.publication)
        case .semanticScholar: try await semanticScholar.papers(titled: title)
        }
    }

    /// Looks each paper up in each of `sources`, one source after another, and keeps the match
    /// `OwnListMatch` finds (DOI first, then title with a year at most one apart). A source
    /// that refuses (a rate limit) or cannot be reached is stopped and named; the others go on.
    public func reconcile(
        _ papers: [(id: Int64, publication: Publication)], searchSource: String, with sources: [Reconciliation.Source], factor: Double,
        matcher: OwnListMatch = OwnListMatch(), progress: (@Sendable (SourceProgress) -> Void)? = nil
    ) async throws -> Reconciliation {
        var rows = papers.map { Reconciliation.Row(
            publicationID: $0.id, title: $0.publication.title, year: $0.publication.year, doi: $0.publication.doi,
            citations: $0.publication.citations, found: [:]) }
        var stopped: [String: String] = [:]
        let steps = sources.count * papers.count
        for (sourceIndex, source) in sources.enumerated() {
            for (index, paper) in papers.enumerated() {
                try Task.checkCancellation()
                let candidates: [Publication]
                do {
                    candidates = try await lookUp(paper.publication, in: source)
                } catch {
                    guard Self.stopsTheSource(error) else { continue }
                    stopped[source.rawValue] = "\(source.name) stopped after \(index) of \(papers.count) papers: \(error.localizedDescription)"
                    break
                }
                if let verdict = matcher.match(results: [paper.publication], ownList: candidates).first, verdict.isOwn, let listed = verdict.listed {
                    let match = candidates[listed]
                    rows[index].found[source.rawValue] = .init(citations: match.citations, evidence: verdict.evidence, title: match.title, doi: match.doi)
                }
                let done = sourceIndex * papers.count + index + 1
                progress?(SourceProgress(page: done, pages: steps, activity: "\(source.name): paper \(index + 1) of \(papers.count)"))
            }
        }
        return Reconciliation(searchSource: searchSource, sources: sources, factor: factor, ranAt: Date(), rows: rows, stopped: stopped)
    }

    /// A refusal, a timeout or no connection stops asking the source; a paper it does not
    /// know or answers oddly about is just not found.
    static func stopsTheSource(_ error: any Error) -> Bool {
        if error is CancellationError { return false }
        if SourceRefusal.isRefusal(error) { return true }
        let fetch: FetchError? = switch error {
        case let error as FetchError: error
        case ScholarServiceError.fetch(let error): error
        case OpenAlexError.fetch(let error): error
        default: nil
        }
        guard let fetch else { return false }
        switch fetch {
        case .timeout, .transport, .notCached, .rateLimited, .blocked, .refused: return true
        case .http(let status, _): return status >= 500
        case .cancelled: return false
        }
    }
}
