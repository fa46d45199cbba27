import Foundation
import Hummingbird
import ScholarKit
import WebCore

/// The Scholar screens under `/scholar`: server-rendered, each form working without JavaScript.
struct ScholarScreenRoutes {
    let screens: Screens
    let services: ScholarServices

    init(templates: Templates, services: ScholarServices) {
        // The bar's links: the search form, the stored searches, what the metrics mean.
        screens = Screens(templates: templates, navigation: [
            .init(label: "Scholar", href: "/scholar"), .init(label: "History", href: "/scholar/history"), .init(label: "About", href: "/scholar/about"),
        ], home: "/scholar/history")
        self.services = services
    }

    /// The URL map under `/scholar`; each handler is a method named for what it does.
    func register(on group: RouterGroup<WebRequestContext>) {
        group.get { _, _ in screens.page("scholar/search", SearchPage(error: nil)) }
        group.post("search") { request, context in try await startSearch(request, context) }
        group.get("progress/:job") { _, context in try await progress(context) }
        group.get("progress/:job/events") { _, context in try await ScholarEvents.stream(services.jobs, job: try await jobID(context)) }
        group.post("progress/:job/cancel") { _, context in try await cancelSearch(context) }
        group.get("history") { _, context in try historyPage(error: nil, context) }
        group.post("import") { request, context in try await importList(request, context) }
        group.get("about") { _, _ in about() }
        group.getHeavy("searches/:id") { _, context in try results(context) }
        group.post("searches/:id/refresh") { _, context in try await refresh(context) }
        group.post("searches/:id/fetch-authors") { _, context in try await fetchAuthors(context) }
        group.post("searches/:id/save") { request, context in try save(request, context) }
        group.post("searches/:id/delete") { _, context in try delete(context) }
        registerPublications(on: group)
        registerComparisonAndExport(on: group)
        registerHomepage(on: group)
        registerGraphs(on: group)
        registerSources(on: group)
    }

    func historyPage(error: String?, status: HTTPResponse.Status = .ok, _ context: WebRequestContext) throws -> HTML {
        let searches = try services.workspace(for: context).history().map(ScholarView.summary)
        return screens.page("scholar/history", ScholarHistoryPage(searches: searches, error: error), status: status)
    }

    // MARK: Screens

    struct SearchPage {
        let title = "Scholar search"
        let error: String?
    }

    private func startSearch(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form = try await FormBody.decode(SearchForm.self, from: request)
        let parameters: SearchParameters
        do throws(SearchForm.Invalid) {
            parameters = try form.parameters()
        } catch {
            return try screens.page("scholar/search", SearchPage(error: error.message), status: .badRequest).response(from: request, context: context)
        }
        let job = await services.startSearch(parameters, in: try services.workspace(for: context), remember: form.remembers, fetchAuthors: form.fetchesAuthors)
        return seeOther("/scholar/progress/\(job.uuidString)")
    }

    private func progress(_ context: WebRequestContext) async throws -> HTML {
        let job = try await jobID(context)
        guard await services.jobs.exists(job) else { throw screens.failure(.notFound, "There is no such search running: it may have finished before the server restarted.") }
        let page = ScholarProgressPage(job: job, latest: await services.jobs.latest(of: job), parameters: await services.jobs.parameters(of: job))
        return screens.page("scholar/progress", page)
    }

    private func results(_ context: WebRequestContext) throws -> HTML {
        let stored = try screenFailure { try services.workspace(for: context).open(try searchID(context), options: services.options) }
        return screens.page("scholar/results", ScholarResultsPage(stored))
    }

    // MARK: Helpers

    func searchID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw screens.failure(.notFound, "\(context.parameters.get("id") ?? "") is not a search id.") }
        return id
    }

    /// The path's job, started by the request's account.
    func jobID(_ context: WebRequestContext) async throws -> UUID {
        guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), await services.jobs.isStarted(job, by: try context.accountID()) else {
            throw screens.failure(.notFound, "There is no such search running: it may have finished before the server restarted.")
        }
        return job
    }

    /// Workspace refusals on a screen: unknown ids are 404, impossible edits 409, with the message.
    func screenFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ScholarWorkspaceError {
            throw screens.failure(error.status, error.localizedDescription)
        }
    }
}

/// The parameters of a search as "name: value" lines.
struct ParameterList {
    struct Item: Encodable { let name: String; let value: String }
    let items: [Item]

    init(_ parameters: SearchParameters) {
        let query = parameters.query
        let pairs: [(String, String?)] = [
            ("Source", ScholarView.sourceName(parameters.source)), ("Author", query.author), ("Profile", parameters.profileID),
            ("All words", query.allWords), ("Exact phrase", query.exactPhrase), ("Any of", query.anyWords), ("Without", query.withoutWords),
            ("Publication", query.publication), ("From", query.fromYear.map(String.init)), ("To", query.toYear.map(String.init)),
            ("File", parameters.fileName),
            ("Name filter", parameters.source == .scholar ? (parameters.filterByAuthorName ? "on" : "off") : nil),
        ]
        items = pairs.compactMap { name, value in value.map { Item(name: name, value: $0) } }
    }
}
