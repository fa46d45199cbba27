import Foundation
import Hummingbird
import ScholarKit
import WebCore

/// Issue 43's screens: one paper seen through every source (reconcile), and the researcher's
/// own list (ORCID, dblp) as the homonym filter.
extension ScholarScreenRoutes {
    func registerSources(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("searches/:id/reconcile") { _, context in try reconcilePage(try searchID(context), error: nil, context) }
        group.post("searches/:id/reconcile") { request, context in try await startReconcile(request, context) }
        group.getHeavy("searches/:id/own-list") { _, context in try ownListPage(try searchID(context), outcome: nil, form: nil, error: nil, context) }
        group.post("searches/:id/own-list") { request, context in try await filterByOwnList(request, context) }
    }

    private func startReconcile(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        let text = try await FormBody.text(from: request)
        let form = ReconcileForm(
            with: nil, factor: FormBody.values(named: "factor", in: text).first, limit: FormBody.values(named: "limit", in: text).first)
        let checked: ReconcileForm.Checked
        do throws(ReconcileForm.Invalid) {
            checked = try form.checked(ticked: FormBody.values(named: "with", in: text))
        } catch {
            return try reconcilePage(id, error: error.message, status: .badRequest, context).response(from: request, context: context)
        }
        let job: UUID
        do {
            job = try await services.startReconciliation(checked, of: id, in: try services.workspace(for: context))
        } catch let error as ScholarWorkspaceError {
            throw screens.failure(error.status, error.localizedDescription)
        }
        return seeOther("/scholar/progress/\(job.uuidString)")
    }

    private func reconcilePage(_ id: Int64, error: String?, status: HTTPResponse.Status = .ok, _ context: WebRequestContext) throws -> HTML {
        let workspace = try services.workspace(for: context)
        let stored = try screenFailure { try workspace.open(id, options: services.options) }
        let last = try screenFailure { try workspace.reconciliation(of: id) }
        return screens.page("scholar/reconcile", ScholarReconcilePage(stored, reconciliation: last, options: services.options, error: error), status: status)
    }

    private func filterByOwnList(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        let form = try await FormBody.decode(OwnListForm.self, from: request)
        let outcome: OwnListOutcome
        do {
            let given = try form.checked()
            let list = try await services.ownList(orcid: given.orcid, dblp: given.dblp)
            guard !list.publications.isEmpty else {
                return try ownListPage(id, outcome: nil, form: form, error: "\(list.source) lists no public works: nothing to check the results against.", status: .unprocessableContent, context)
                    .response(from: request, context: context)
            }
            outcome = try services.workspace(for: context).filterByOwnList(list.publications, source: list.source, searchID: id, options: services.options)
        } catch let error as OwnListForm.Invalid {
            return try ownListPage(id, outcome: nil, form: form, error: error.message, status: .badRequest, context).response(from: request, context: context)
        } catch let error as ScholarServiceError {
            let status: HTTPResponse.Status = switch error {
            case _ where SourceRefusal.isRefusal(error): .serviceUnavailable
            case .invalidRequest: .badRequest
            case .notFound: .unprocessableContent
            default: .badGateway
            }
            return try ownListPage(id, outcome: nil, form: form, error: error.localizedDescription, status: status, context).response(from: request, context: context)
        } catch let error as ScholarWorkspaceError {
            throw screens.failure(error.status, error.localizedDescription)
        }
        return try ownListPage(id, outcome: outcome, form: form, error: nil, context).response(from: request, context: context)
    }

    private func ownListPage(
        _ id: Int64, outcome: OwnListOutcome?, form: OwnListForm?, error: String?, status: HTTPResponse.Status = .ok, _ context: WebRequestContext
    ) throws -> HTML {
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        return screens.page("scholar/own-list", ScholarOwnListPage(stored, outcome: outcome, form: form, error: error), status: status)
    }
}

struct ScholarReconcilePage: Encodable {
    struct Choice: Encodable {
        let value, name: String
        let checked: Bool
    }

    struct Row: Encodable {
        struct Cell: Encodable {
            let source: String
            let count: String
            let evidence: String?
        }

        let id: Int64
        let title: String
        let year: String?
        let citations: Int
        let cells: [Cell]
        let disagrees: Bool
        let onlyHere: Bool
    }

    let title = "Reconcile"
    let search: ScholarView.Summary
    let searchID: Int64
    let error: String?
    let choices: [Choice]
    let factor: String
    let hasResult: Bool
    let ranAt: String?
    let rows: [Row]
    struct Column: Encodable {
        let key, name, found: String
        let h, g, citations: Int
    }

    let columns: [Column]
    let stopped: [String]
    let disagreeing: Int
    let onlyOne: Int

    init(_ stored: StoredSearch, reconciliation: Reconciliation?, options: MetricsOptions, error: String?) {
        (search, searchID, self.error) = (ScholarView.summary(stored.summary), stored.summary.id, error)
        let used = reconciliation?.sources ?? Reconciliation.Source.allCases
        choices = Reconciliation.Source.allCases.map { Choice(value: $0.rawValue, name: $0.name, checked: used.contains($0)) }
        factor = (reconciliation?.factor ?? 2).formatted()
        hasResult = reconciliation != nil
        ranAt = reconciliation?.ranAt.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        rows = reconciliation.map { reconciliation in
            reconciliation.rows.map { row in
                Row(
                    id: row.publicationID, title: row.title, year: row.year.map(String.init), citations: row.citations,
                    cells: reconciliation.sources.map { source in
                        row.found(in: source).map { Row.Cell(source: source.name, count: String($0.citations), evidence: $0.evidence == .doi ? "DOI" : "title") }
                            ?? Row.Cell(source: source.name, count: "–", evidence: nil)
                    },
                    disagrees: row.disagrees(by: reconciliation.factor), onlyHere: row.onlyOneSource)
            }
        } ?? []
        columns = (reconciliation?.columns(options: options) ?? []).map { column in
            column.key == "search"
                ? Column(key: column.key, name: "This search (\(column.name))", found: "all \(column.found)", h: column.h, g: column.g, citations: column.citations)
                : Column(key: column.key, name: column.name, found: "\(column.found) (\(column.byDOI) by DOI)", h: column.h, g: column.g, citations: column.citations)
        }
        stopped = reconciliation?.stopped.values.sorted() ?? []
        disagreeing = reconciliation?.disagreeing.count ?? 0
        onlyOne = reconciliation?.knownToOneSource.count ?? 0
    }
}

struct ScholarOwnListPage: Encodable {
    struct Result: Encodable {
        let title: String
        let isOwn: Bool
        let evidence: String
        let listedTitle: String?
    }

    let title = "Own list"
    let search: ScholarView.Summary
    let searchID: Int64
    let error: String?
    let orcid, dblp: String
    let checked: Bool
    let source: String?
    let listed: Int
    let own: Int
    let byDOI: Int
    let newlyExcluded: Int
    let results: [Result]

    init(_ stored: StoredSearch, outcome: OwnListOutcome?, form: OwnListForm?, error: String?) {
        (search, searchID, self.error) = (ScholarView.summary(stored.summary), stored.summary.id, error)
        (orcid, dblp) = (form?.orcid ?? "", form?.dblp ?? "")
        checked = outcome != nil
        source = outcome?.source
        listed = outcome?.listed ?? 0
        own = outcome?.results.filter(\.isOwn).count ?? 0
        byDOI = outcome?.results.filter { $0.evidence == .doi }.count ?? 0
        newlyExcluded = outcome?.newlyExcluded ?? 0
        results = outcome?.results.map { result in
            let evidence = switch result.evidence {
            case .doi: "by DOI"
            case .title: "by title"
            case .none: "not listed"
            }
            return Result(title: result.title, isOwn: result.isOwn, evidence: evidence, listedTitle: result.listedTitle)
        } ?? []
    }
}
