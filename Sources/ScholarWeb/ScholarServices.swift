import Fetch
import Foundation
import Mail
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

    public init(workspace: ScholarWorkspace, runner: ScholarSearchRunner, mail: SMTPConfiguration? = nil, allowPrivateFetch: Bool = false) {
        firstAccountWorkspace = workspace
        self.runner = runner
        self.mail = mail
        self.allowPrivateFetch = allowPrivateFetch
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
