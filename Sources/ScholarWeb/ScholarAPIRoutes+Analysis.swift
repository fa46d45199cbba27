import Foundation
import Hummingbird
import Markup
import ScholarKit
import WebCore

/// The JSON twins of compare, export, graphs, duplicates and the homepage filter.
extension ScholarAPIRoutes {
    struct Comparison: ResponseEncodable {
        struct Side: Encodable { let search: SearchSummary; let metrics: ImpactMetrics }
        let first: Side
        let second: Side
        let publications: [Row]

        struct Row: Encodable {
            let title: String, year: Int?, firstID: Int64?, secondID: Int64?, firstCitations: Int?, secondCitations: Int?
            let difference: Int?, differenceText: String
            init(_ row: SearchComparison.Row) {
                title = row.title; year = row.year; firstID = row.firstID; secondID = row.secondID
                firstCitations = row.firstCitations; secondCitations = row.secondCitations
                difference = row.difference; differenceText = row.differenceText
            }
        }
    }
    struct Suggestions: ResponseEncodable { let suggestions: [WorkspaceDuplicateSuggestion] }
    struct HomepageRequest: Decodable { let html: String; let address: String?; let titleSimilarity: Double?; let authorSimilarity: Double? }

    func registerAnalysis(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("compare") { request, context in try compare(request, context) }
        group.getHeavy("searches/:id/export") { request, context in try export(request, context) }
        group.getHeavy("searches/:id/duplicates") { _, context in
            Suggestions(suggestions: try refusal { try services.workspace(for: context).duplicateSuggestions(in: try searchID(context), options: services.options) })
        }
        group.post("searches/:id/duplicates/reject") { request, context in try await rejectDuplicates(request, context) }
        group.getHeavy("searches/:id/graph") { request, context in try graph(request, context) }
        group.post("searches/:id/homepage") { request, context in try await filterByHomepage(request, context) }
    }

    private func compare(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let query = request.uri.queryParameters
        guard let first = query.get("first", as: Int64.self), let second = query.get("second", as: Int64.self) else {
            throw APIError(.badRequest, "missing_searches", "Give two search ids: /api/scholar/compare?first=ID&second=ID.")
        }
        let comparison = try refusal { try services.workspace(for: context).compare(first, second, options: services.options) }
        return Comparison(
            first: .init(search: comparison.first.summary, metrics: comparison.first.report.metrics),
            second: .init(search: comparison.second.summary, metrics: comparison.second.report.metrics),
            publications: comparison.rows.map(Comparison.Row.init)
        )
    }

    private func export(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        let query = request.uri.queryParameters
        guard let format = query.get("format").flatMap(PublicationFormat.init(name:)), format.isExportable else {
            throw APIError(.badRequest, "invalid_format", "format must be csv, bibtex, ris, json, html, endnote, isi or jsonl.")
        }
        let limit = try request.integerQuery("limit", in: 1...Int.max)
        let all = try request.choiceQuery("all", among: ["0", "1", "false", "true"]).map { $0 == "1" || $0 == "true" } ?? false
        let stored = try refusal { try services.workspace(for: context).open(id, options: services.options) }
        let text = try stored.exported(as: format, limit: limit, includingExcluded: all, options: services.options)
        return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: text)))
    }

    private func rejectDuplicates(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let body = try await decode(Publications.self, request, context)
        try refusal { try services.workspace(for: context).rejectDuplicates(body.publications, in: id) }
        return Suggestions(suggestions: try refusal { try services.workspace(for: context).duplicateSuggestions(in: id, options: services.options) })
    }

    private func graph(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        let kind = try request.choiceQuery("kind", among: ["years", "hindex"])
        let publication = try request.integerQuery("publication", as: Int64.self, in: 1...Int64.max)
        let format = try request.choiceQuery("format", among: ["svg", "png"])
        let drawing: ChartDrawing = try refusal {
            if kind == "hindex" { return try services.workspace(for: context).hIndexChart(of: id, options: services.options).drawing }
            return try services.workspace(for: context).citationsPerYearChart(of: id, publication: publication, options: services.options).drawing
        }
        if format == "png" { return try PNGReply(bytes: try PNGChartRenderer.render(drawing), filename: "graph.png").response(from: request, context: context) }
        return Response(status: .ok, headers: [.contentType: "image/svg+xml"], body: .init(byteBuffer: .init(string: SVGChartRenderer.render(drawing))))
    }

    private func filterByHomepage(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        // A homepage is a whole web page (the fixtures' reach 300 KB): only the body limit applies.
        let body = try await JSONInput.decode(HomepageRequest.self, from: request, context: context, textLimit: InputLimits.jsonBody)
        let document: MarkupDocument
        do { document = try MarkupDocument.html(body.html) } catch {
            throw APIError(.unprocessableContent, "not_html", "The homepage is not HTML: \(error.localizedDescription)")
        }
        let filter = HomepageFilter(titleThreshold: body.titleSimilarity ?? 0.80, authorThreshold: body.authorSimilarity ?? 0.68)
        do {
            let outcome = try services.workspace(for: context).filterByHomepage(document, address: body.address ?? "posted page", searchID: id, filter: filter, options: services.options)
            return HomepageDocument(outcome)
        } catch let error as HomepageFilterError {
            throw APIError(.unprocessableContent, "homepage_not_recognised", error.localizedDescription)
        } catch let error as ScholarWorkspaceError {
            throw APIError(error)
        }
    }
}

/// The homepage filter's answer, in the CLI's JSON shape.
struct HomepageDocument: ResponseEncodable {
    struct Entry: Encodable { let title: String; let authors: [String]; let year: Int?; let inResults: Bool }
    let pattern: String
    let homepagePublications: [Entry]
    let results: [HomepageOutcome.Result]

    init(_ outcome: HomepageOutcome) {
        pattern = outcome.match.titlePattern
        homepagePublications = outcome.match.homepagePublications.map { Entry(title: $0.title, authors: $0.authors, year: $0.year, inResults: $0.inResults) }
        results = outcome.results
    }
}
