import Fetch
import Foundation
import Mail
import Memo
import ScholarKit
import WebCore

/// What the Scholar screens work with: the stored searches, the sources, the running searches.
public struct ScholarServices: Sendable {
    /// The first account's searches (the single user's, and the tests'); routes use
    /// ``workspace(for:)``, which sees the request's account's only.
    public let firstAccountWorkspace: ScholarWorkspace
    public let runner: ScholarSearchRunner
    /// Where "e-mail the report" sends from; `nil` offers only a `mailto:` link.
    public let mail: SMTPConfiguration?
    /// Whether a homepage on this machine or a private network may be fetched (``OutboundAddress``).
    public let allowPrivateFetch: Bool
    let jobs = SearchJobs()
    /// Pages and JSON documents drawn from a search at a version (issue 44): a search's screens
    /// are a function of the search and the request's query, so one drawn at the search's
    /// current version is what drawing it again would give. 64 × a 65 KB page or a 650 KB document.
    let drawn = RecentlyUsed<DrawnView, [UInt8]>(capacity: 64)

    public init(workspace: ScholarWorkspace, runner: ScholarSearchRunner, mail: SMTPConfiguration? = nil, allowPrivateFetch: Bool = false) {
        firstAccountWorkspace = workspace
        self.runner = runner
        self.mail = mail
        self.allowPrivateFetch = allowPrivateFetch
    }

    /// The view `key` names, drawn by `draw` unless it is kept; `key` holds the search's version.
    func drawn(_ key: DrawnView, _ draw: () throws -> [UInt8]) rethrows -> [UInt8] {
        if let kept = drawn.value(for: key) { return kept }
        let bytes = try draw()
        drawn.keep(bytes, for: key)
        return bytes
    }

    /// The searches of the request's account.
    func workspace(for context: WebRequestContext) throws -> ScholarWorkspace {
        firstAccountWorkspace.owned(by: try context.accountID())
    }

    /// Metrics relative to the list's query date, else the current year, as the screens show them.
    var options: MetricsOptions { .untilQueryDate() }

    /// Starts a search in the background: a fresh stored search answers at once; otherwise the
    /// source is asked and the result stored (replaying a saved search's edits when `remember`).
    /// With `fetchAuthors`, the author lists Scholar cut before the name are completed from
    /// OpenAlex and judged again; a failed look-up leaves them cut and says so in the note.
    /// With `refresh`, neither a stored search nor the page cache answers: the source is asked.
    func startSearch(
        _ parameters: SearchParameters, in workspace: ScholarWorkspace, remember: Bool, fetchAuthors: Bool = false, refresh: Bool = false
    ) async -> UUID {
        let runner = refresh ? runner.refreshing : runner
        return await jobs.start(parameters, owner: workspace.owner) { progress in
            do {
                if !refresh, let fresh = try workspace.freshSearch(matching: parameters) {
                    return SearchEvent(kind: .done, searchID: fresh.id, answeredFromStore: true)
                }
                var fetched = try await runner.fetch(parameters, progress: progress)
                try Task.checkCancellation()
                if fetchAuthors, parameters.source == .scholar, let author = parameters.query.author, let cut = fetched.nameFilter?.keptTruncated, cut > 0 {
                    progress(SourceProgress(page: 1, pages: 1, activity: "completing \(cut) cut author lists from OpenAlex"))
                    let said: String
                    do { said = try await runner.completeAuthors(of: &fetched, searchedName: author).summary } catch {
                        said = "the cut author lists could not be completed: \(error.localizedDescription)"
                    }
                    fetched.note = [fetched.note, said].compactMap { $0 }.joined(separator: "; ")
                    try Task.checkCancellation()
                }
                let outcome = try workspace.store(fetched, parameters: parameters, remember: remember)
                return SearchEvent(kind: .done, searchID: outcome.searchID, answeredFromStore: false)
            } catch {
                // However deep the source noticed it, a cancelled search ends as cancelled.
                if Task.isCancelled || error is CancellationError { return SearchEvent(kind: .cancelled) }
                return SearchEvent(kind: .failed, message: error.localizedDescription, blocked: SourceRefusal.isRefusal(error))
            }
        }
    }
}

extension ScholarServices {
    /// Starts a reconciliation of a stored search in the background; it is kept with the search
    /// and the job ends on the reconcile screen.
    func startReconciliation(_ request: ReconcileForm.Checked, of searchID: Int64, in workspace: ScholarWorkspace) async throws -> UUID {
        let stored = try workspace.open(searchID, options: options)
        let papers = try workspace.papersToReconcile(in: searchID, limit: request.limit, options: options)
        let sourceName = ScholarView.sourceName(stored.summary.parameters.source)
        let runner = runner
        return await jobs.start(stored.summary.parameters, owner: workspace.owner) { progress in
            do {
                let reconciliation = try await runner.reconcile(papers, searchSource: sourceName, with: request.sources, factor: request.factor, progress: progress)
                try Task.checkCancellation()
                try workspace.saveReconciliation(reconciliation, of: searchID)
                return SearchEvent(kind: .done, searchID: searchID, location: "/scholar/searches/\(searchID)/reconcile")
            } catch {
                if Task.isCancelled || error is CancellationError { return SearchEvent(kind: .cancelled) }
                return SearchEvent(kind: .failed, message: error.localizedDescription, blocked: SourceRefusal.isRefusal(error))
            }
        }
    }

    /// The researcher's own list from ORCID or dblp, as the own-list filter reads it.
    func ownList(orcid: String?, dblp: String?) async throws(ScholarServiceError) -> (publications: [Publication], source: String) {
        if let dblp {
            let pid = DBLPClient.pid(from: dblp)
            return (try await runner.dblp.publications(forAuthorNamed: nil, pid: pid, chosenID: nil, maxResults: .max).publications, "dblp:\(pid)")
        }
        let iD = try ORCIDClient.identifier(orcid ?? "")
        return (try await runner.orcid.works(of: iD).publications, "orcid:\(iD)")
    }
}

/// What a kept drawn view is: a screen or document of a search at a version, with the query that
/// shaped it. The account is not in it: a search is opened for its owner before its version is known.
struct DrawnView: Hashable, Sendable {
    let kind: String
    let search: Int64
    let version: Int64
    let referenceYear: Int
    let query: String
}

/// The reconcile form (and its JSON twin): the sources ticked, the factor, how many papers.
struct ReconcileForm: Decodable, Sendable {
    /// Comma-separated (the API) or repeated checkboxes joined by the decoder (the form).
    var with: String?
    var factor: String?
    var limit: String?

    struct Checked: Sendable {
        var sources: [Reconciliation.Source]
        var factor: Double
        var limit: Int?
    }

    struct Invalid: Error { let message: String }

    func checked(ticked: [String]? = nil) throws(Invalid) -> Checked {
        let names = (ticked ?? (with ?? "").split(separator: ",").map(String.init)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        var sources: [Reconciliation.Source] = []
        for name in names {
            guard let source = Reconciliation.Source(rawValue: name) else {
                throw Invalid(message: "\(name.prefix(40)) is not a source to reconcile with: choose crossref, openalex or semantic-scholar.")
            }
            if !sources.contains(source) { sources.append(source) }
        }
        guard !sources.isEmpty else { throw Invalid(message: "Choose at least one source: Crossref, OpenAlex or Semantic Scholar.") }
        var factor = 2.0
        if let text = self.factor?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            guard let value = Double(text), value >= 1, value <= 1000 else { throw Invalid(message: "The factor must be a number from 1 to 1000, not \(text.prefix(20)).") }
            factor = value
        }
        var limit: Int?
        if let text = self.limit?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            guard let value = Int(text), value >= 1 else { throw Invalid(message: "The number of papers must be a whole number of at least 1, not \(text.prefix(20)).") }
            limit = value
        }
        return Checked(sources: sources, factor: factor, limit: limit)
    }
}

/// The own-list form: an ORCID iD or a dblp page, one of the two.
struct OwnListForm: Decodable, Sendable {
    var orcid: String?
    var dblp: String?

    struct Invalid: Error { let message: String }

    func checked() throws(Invalid) -> (orcid: String?, dblp: String?) {
        let orcid = self.orcid?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty, dblp = self.dblp?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        switch (orcid, dblp) {
        case (nil, nil), (.some, .some): throw Invalid(message: "Give the researcher's ORCID iD or their dblp page, one of the two.")
        case (let orcid?, nil):
            guard SearchForm.hasORCIDShape(orcid.replacingOccurrences(of: "https://orcid.org/", with: "")) else {
                throw Invalid(message: "\(orcid.prefix(40)) is not an ORCID iD: four groups of four digits, e.g. 0000-0003-1444-9135.")
            }
            return (orcid, nil)
        case (nil, let dblp?):
            guard dblp.count <= 200 else { throw Invalid(message: "The dblp page's address is too long.") }
            return (nil, dblp)
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
