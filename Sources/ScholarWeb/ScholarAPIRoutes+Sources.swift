import Foundation
import Hummingbird
import ScholarKit
import WebCore

/// The JSON twins of issue 43's screens: reconcile and the own-list filter.
extension ScholarAPIRoutes {
    struct ReconciliationDocument: ResponseEncodable {
        let reconciliation: Reconciliation
        let columns: [Reconciliation.Column]
        let disagreeing: [Int64]
        let knownToOneSource: [Int64]
    }

    func registerSources(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("searches/:id/reconciliation") { _, context in try reconciliation(context) }
        group.post("searches/:id/reconciliation") { request, context in try await startReconcile(request, context) }
        group.post("searches/:id/own-list") { request, context in try await filterByOwnList(request, context) }
    }

    private func reconciliation(_ context: WebRequestContext) throws -> ReconciliationDocument {
        let id = try searchID(context)
        guard let found = try refusal({ try services.workspace(for: context).reconciliation(of: id) }) else {
            throw APIError(.notFound, "no_reconciliation", "Search #\(id) has not been reconciled yet: POST /api/scholar/searches/\(id)/reconciliation starts it.")
        }
        return ReconciliationDocument(
            reconciliation: found, columns: found.columns(options: services.options), disagreeing: found.disagreeing.map(\.publicationID),
            knownToOneSource: found.knownToOneSource.map(\.publicationID))
    }

    private func startReconcile(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let form = try await decode(ReconcileForm.self, request, context)
        let checked: ReconcileForm.Checked
        do throws(ReconcileForm.Invalid) { checked = try form.checked() } catch { throw APIError(.badRequest, "invalid_reconcile", error.message) }
        let job: UUID
        do {
            job = try await services.startReconciliation(checked, of: id, in: try services.workspace(for: context))
        } catch let error as ScholarWorkspaceError {
            throw APIError(error)
        }
        return EditedResponse(status: .accepted, response: Started(job: job.uuidString, events: "/api/scholar/jobs/\(job.uuidString)/events"))
    }

    /// As the homepage API takes the page, this takes the list (an ORCID works answer, a dblp
    /// XML or BibTeX page, any list `scholar import` reads): the client fetched it.
    private func filterByOwnList(_ request: Request, _ context: WebRequestContext) async throws -> OwnListDocument {
        let id = try searchID(context)
        let body = try await JSONInput.decode(OwnListRequest.self, from: request, context: context, textLimit: InputLimits.jsonBody)
        let name = body.file?.trimmingCharacters(in: .whitespaces).isEmpty == false ? body.file ?? "list" : "list"
        let list: [Publication]
        do {
            list = try PublicationImporter.read(contents: Array(body.list.utf8), file: name, options: ImportOptions(skipBadRecords: true)).publications
        } catch let problem as ImportProblem {
            throw APIError(.unprocessableContent, "unreadable_list", problem.description)
        }
        guard !list.isEmpty else { throw APIError(.unprocessableContent, "empty_list", "The list holds no publications: nothing to check the results against.") }
        let source = body.source?.trimmingCharacters(in: .whitespaces).isEmpty == false ? body.source ?? name : name
        do {
            let outcome = try services.workspace(for: context).filterByOwnList(list, source: source, searchID: id, options: services.options)
            return OwnListDocument(outcome: outcome)
        } catch let error as ScholarWorkspaceError {
            throw APIError(error)
        }
    }

    struct OwnListRequest: Decodable {
        /// The list's text.
        let list: String
        /// Its file name, which names its format when the content does not (`works.json`, `ley.bib`).
        let file: String?
        /// Where it came from, as the result names it (`orcid:0000-…`).
        let source: String?
    }

    /// The outcome as the CLI's `--format json` prints it.
    struct OwnListDocument: ResponseEncodable {
        let outcome: OwnListOutcome

        func encode(to encoder: any Encoder) throws {
            try outcome.encode(to: encoder)
        }
    }
}
