import Foundation
import Hummingbird
import ScholarKit
import WebCore

/// The JSON twin of the Scholar screens, under `/api/scholar` (docs/openapi.yaml).
struct ScholarAPIRoutes {
    let services: ScholarServices

    struct Started: ResponseEncodable { let job: String; let events: String }
    struct Searches: ResponseEncodable { let searches: [SearchSummary] }
    struct Publications: Decodable { let publications: [Int64] }
    struct Dissolve: Decodable { let publication: Int64; let member: Int64? }
    struct SearchDocument: ResponseEncodable {
        let search: SearchSummary
        let metrics: ImpactMetrics
        /// The year ages are counted to, and where it came from (the list's query date, or this year).
        let referenceYear: Int
        let referenceYearSource: ReferenceYearSource
        let publications: [WorkspacePublication]

        init(_ stored: StoredSearch) {
            (search, metrics, publications) = (stored.summary, stored.report.metrics, stored.publications)
            (referenceYear, referenceYearSource) = (stored.report.options.referenceYear, stored.report.options.referenceYearSource)
        }
    }
    struct Merged: ResponseEncodable { let merged: Int64; let search: SearchDocument }

    func register(on group: RouterGroup<WebRequestContext>) {
        registerAnalysis(on: group)
        registerSources(on: group)
        group.post("searches") { request, context in try await startSearch(request, context) }
        group.get("jobs/:job") { _, context in try await jobStatus(context) }
        group.get("jobs/:job/events") { _, context in try await ScholarEvents.stream(services.jobs, job: try await jobID(context)) }
        group.post("jobs/:job/cancel") { _, context in try await cancelJob(context) }
        group.get("searches") { _, context in Searches(searches: try services.workspace(for: context).history()) }
        group.getHeavy("searches/:id") { _, context in try documentResponse(try searchID(context), context) }
        group.post("searches/:id/save") { _, context in try saveSearch(context) }
        group.delete("searches/:id") { _, context in
            try refusal { try services.workspace(for: context).delete(try searchID(context)) }
            return Response(status: .noContent)
        }
        group.post("searches/:id/exclude") { request, context in try await setExcluded(true, request, context) }
        group.post("searches/:id/include") { request, context in try await setExcluded(false, request, context) }
        group.post("searches/:id/merge") { request, context in try await mergePublications(request, context) }
        group.post("searches/:id/dissolve") { request, context in try await dissolveMerge(request, context) }
    }

    private func startSearch(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let form = try await decode(SearchForm.self, request, context)
        let parameters: SearchParameters
        do throws(SearchForm.Invalid) { parameters = try form.parameters() } catch { throw APIError(.badRequest, "invalid_search", error.message) }
        let job = await services.startSearch(parameters, in: try services.workspace(for: context), remember: form.remembers, fetchAuthors: form.fetchesAuthors)
        return EditedResponse(status: .accepted, response: Started(job: job.uuidString, events: "/api/scholar/jobs/\(job.uuidString)/events"))
    }

    private func jobStatus(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let job = try await jobID(context)
        guard let latest = await services.jobs.latest(of: job) else {
            guard await services.jobs.exists(job) else { throw unknownJob(job) }
            return SearchEventResponse(event: SearchEvent(kind: .progress, activity: "starting"))
        }
        return SearchEventResponse(event: latest)
    }

    private func cancelJob(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let job = try await jobID(context)
        guard await services.jobs.cancel(job) else { throw unknownJob(job) }
        return Response(status: .accepted)
    }

    private func saveSearch(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        try refusal { try services.workspace(for: context).save(id) }
        return try document(id, context)
    }

    private func mergePublications(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let body = try await decode(Publications.self, request, context)
        let merged = try refusal { try services.workspace(for: context).merge(body.publications, in: id) }
        return Merged(merged: merged, search: try document(id, context))
    }

    private func dissolveMerge(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let body = try await decode(Dissolve.self, request, context)
        try refusal { try services.workspace(for: context).dissolve(body.publication, member: body.member, in: id) }
        return try document(id, context)
    }

    func setExcluded(_ excluded: Bool, _ request: Request, _ context: WebRequestContext) async throws -> SearchDocument {
        let id = try searchID(context)
        let body = try await decode(Publications.self, request, context)
        try refusal { try services.workspace(for: context).setExcluded(body.publications, excluded: excluded, in: id) }
        return try document(id, context)
    }

    /// The search's JSON, encoded once per version of the search (issue 44: 650 KB for 829 papers).
    func documentResponse(_ id: Int64, _ context: WebRequestContext) throws -> Response {
        let stored = try refusal { try services.workspace(for: context).open(id, options: services.options) }
        let encode = { Array(try context.responseEncoder.encode(SearchDocument(stored))) }
        let bytes = try stored.version.map { version in
            try services.drawn(DrawnView(kind: "document", search: id, version: version, referenceYear: stored.report.options.referenceYear, query: ""), encode)
        } ?? encode()
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    func document(_ id: Int64, _ context: WebRequestContext) throws -> SearchDocument {
        let stored = try refusal { try services.workspace(for: context).open(id, options: services.options) }
        return SearchDocument(stored)
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: WebRequestContext) async throws -> T {
        try await JSONInput.decode(type, from: request, context: context)
    }

    func refusal<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ScholarWorkspaceError {
            throw APIError(error)
        }
    }

    func searchID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else {
            throw APIError(.notFound, "unknown_search", "\(context.parameters.get("id") ?? "") is not a search id: GET /api/scholar/searches lists them.")
        }
        return id
    }

    /// The path's job, started by the request's account.
    func jobID(_ context: WebRequestContext) async throws -> UUID {
        guard let job = context.parameters.get("job").flatMap(UUID.init(uuidString:)), await services.jobs.isStarted(job, by: try context.accountID()) else {
            throw APIError(.notFound, "unknown_job", "\(context.parameters.get("job") ?? "") is not a running search.")
        }
        return job
    }

    func unknownJob(_ job: UUID) -> APIError {
        APIError(.notFound, "unknown_job", "There is no search \(job.uuidString): start one with POST /api/scholar/searches.")
    }
}

struct SearchEventResponse: ResponseEncodable {
    let event: SearchEvent

    func encode(to encoder: any Encoder) throws { try event.encode(to: encoder) }
}
