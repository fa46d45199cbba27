import Foundation
import Hummingbird
import Mail
import ScholarKit
import WebCore

/// Screens 8–9: compare two searches; export (download, or a `mailto:` with the report link);
/// and the search's graphs.
extension ScholarScreenRoutes {
    func registerComparisonAndExport(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("compare") { request, context in try compare(request, context) }
        group.getHeavy("searches/:id/export") { request, context in try exportPage(request, context, sent: nil) }
        group.post("searches/:id/export/send") { request, context in try await mailExport(request, context) }
        group.getHeavy("searches/:id/export/download") { request, context in try download(request, context) }
        group.getHeavy("searches/:id/graph") { request, context in try graphChoices(request, context) }
        group.getHeavy("searches/:id/graph/:kind") { _, context in try graphPicture(context) }
    }

    private func mailExport(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        guard let mail = services.mail else {
            throw screens.failure(.conflict, "E-mail is not set up on this server: start it with SMTP_URL=smtp://host:port?from=you@example.org, or use the e-mail link.")
        }
        let recipient = try await FormBody.values(named: "to", from: request).first?.trimmingCharacters(in: .whitespaces) ?? ""
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        let report = try stored.exported(as: .html, options: services.options)
        let message = MailMessage(
            to: [recipient], subject: "Publications and metrics: \(stored.summary.label)",
            body: "h-index \(stored.report.metrics.h), g-index \(stored.report.metrics.g), \(stored.report.metrics.citations) citations. The report is attached.",
            attachments: [.init(filename: "search-\(id).html", mimeType: "text/html", content: Array(report.utf8))]
        )
        do {
            try await SMTPClient().send(message, using: mail)
        } catch {
            return try exportPage(request, context, sent: nil, error: "The report was not sent: \(error.localizedDescription)", status: .badGateway)
                .response(from: request, context: context)
        }
        return try exportPage(request, context, sent: recipient).response(from: request, context: context)
    }

    private func graphChoices(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        let years = try screenFailure { try services.workspace(for: context).citationsPerYearChart(of: id, options: services.options) }
        let hIndex = try screenFailure { try services.workspace(for: context).hIndexChart(of: id, options: services.options) }
        return screens.page("scholar/graph", ScholarGraphPage(
            searchID: id, hIndex: SVGChartRenderer.render(hIndex.drawing), years: years.years.isEmpty ? nil : SVGChartRenderer.render(years.drawing),
            noYears: years.years.isEmpty, canSend: services.mail != nil, sent: request.uri.queryParameters["sent"] != nil))
    }

    private func graphPicture(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        let kind = context.parameters.get("kind") ?? ""
        let drawing: ChartDrawing = try screenFailure {
            switch kind {
            case "hindex.png": try services.workspace(for: context).hIndexChart(of: id, options: services.options).drawing
            case "years.png": try services.workspace(for: context).citationsPerYearChart(of: id, options: services.options).drawing
            default: throw ScholarWorkspaceError.unknownSearch(id)
            }
        }
        return PNGReply(bytes: try PNGChartRenderer.render(drawing), filename: kind)
    }

    private func exportPage(_ request: Request, _ context: WebRequestContext, sent: String?, error: String? = nil, status: HTTPResponse.Status = .ok) throws -> HTML {
        let id = try searchID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        let host = request.head.authority ?? "127.0.0.1"
        let report = "http://\(host)/scholar/searches/\(id)/export/download?format=html"
        let subject = "Publications and metrics: \(stored.summary.label)"
        let body = "h-index \(stored.report.metrics.h), g-index \(stored.report.metrics.g), \(stored.report.metrics.citations) citations.\nReport: \(report)"
        return screens.page("scholar/export", ScholarExportPage(
            search: ScholarView.summary(stored.summary), searchID: id, count: stored.publications.count(where: { !$0.publication.isExcluded }),
            mailto: "mailto:?subject=\(Self.mailEscaped(subject))&body=\(Self.mailEscaped(body))", canSend: services.mail != nil, sent: sent, error: error
        ), status: status)
    }

    private func compare(_ request: Request, _ context: WebRequestContext) throws -> HTML {
        let query = request.uri.queryParameters
        let ticked = query.getAll("searches", as: Int64.self)
        // Ticked in the history (newest first), the older search is the first: growth reads as "+".
        let chosen = ticked.sorted() + [query.get("first", as: Int64.self), query.get("second", as: Int64.self)].compactMap { $0 }
        guard chosen.count == 2 else {
            throw screens.failure(.badRequest, "Tick exactly two searches to compare (\(chosen.count) ticked).")
        }
        let comparison = try screenFailure { try services.workspace(for: context).compare(chosen[0], chosen[1], options: services.options) }
        return screens.page("scholar/compare", ScholarComparePage(comparison))
    }

    private func download(_ request: Request, _ context: WebRequestContext) throws -> Response {
        let id = try searchID(context)
        let query = request.uri.queryParameters
        guard let format = query.get("format").flatMap(PublicationFormat.init(name:)), format.isExportable else {
            throw screens.failure(.badRequest, "Choose a format: csv, bibtex, ris, json, html, endnote, isi or jsonl.")
        }
        let limit = query.get("limit").flatMap { Int($0) }
        if let limit, limit < 1 { throw screens.failure(.badRequest, "The number of publications must be at least 1.") }
        let all = try request.choiceQuery("all", among: ["0", "1"]) == "1"
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        let text = try stored.exported(as: format, limit: limit, includingExcluded: all, options: services.options)
        let types: [PublicationFormat: String] = [
            .csv: "text/csv", .bibtex: "application/x-bibtex", .ris: "application/x-research-info-systems", .json: "application/json", .html: "text/html",
            .endnote: "application/x-endnote-refer", .isi: "text/plain", .jsonl: "application/jsonl",
        ]
        return Response(
            status: .ok,
            headers: [
                .contentType: "\(types[format] ?? "text/plain"); charset=utf-8",
                .contentDisposition: "attachment; filename=\"search-\(id).\(format.fileExtension)\"",
            ],
            body: .init(byteBuffer: .init(string: text))
        )
    }

    static func mailEscaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? text
    }
}
