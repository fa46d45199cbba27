import Foundation
import Hummingbird
import Mail
import ScholarKit
import WebCore

/// The Ulm thesis's graph feature (§5.4) on the web: a Google Scholar result's citations per
/// year fetched in the background with the search's progress screen, and the graphs e-mailed
/// as PNG images (§5.4.5).
extension ScholarScreenRoutes {
    func registerGraphs(on group: RouterGroup<WebRequestContext>) {
        group.post("searches/:id/publications/:publication/fetch-years") { _, context in try await fetchYears(context) }
        group.post("searches/:id/publications/:publication/graph/send") { request, context in try await mailPublicationGraph(request, context) }
        group.post("searches/:id/graph/send") { request, context in try await mailSearchGraph(request, context) }
    }

    private func fetchYears(_ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context), publicationID = try publicationID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        guard let item = stored.publication(publicationID) else {
            throw screens.failure(.notFound, ScholarWorkspaceError.unknownPublication(publicationID, search: id).localizedDescription)
        }
        let workspace = try services.workspace(for: context), referenceYear = services.options.referenceYear
        // A merge's years are its members' own "Cited by" searches, summed.
        let members = item.isMerge ? try screenFailure { try workspace.members(of: publicationID, in: id) } : [item.publication]
        guard members.contains(where: { $0.citesURL != nil }) else {
            throw screens.failure(.conflict, "This publication has no \"Cited by\" link: Google Scholar cannot count its citations year by year.")
        }
        // Fetched again, the counts come from Scholar, not from the page cache.
        let runner = item.citationsPerYear == nil ? services.runner : services.runner.refreshing
        let job = await services.jobs.start(stored.summary.parameters, owner: workspace.owner) { progress in
            do {
                guard let found = try await runner.citationsPerYear(ofMembers: members, referenceYear: referenceYear, progress: progress) else {
                    return SearchEvent(kind: .failed, message: "This publication has no \"Cited by\" link.")
                }
                try Task.checkCancellation()
                try workspace.setCitationsPerYear(found.counts, of: publicationID, in: id)
                return SearchEvent(kind: .done, searchID: id, location: "/scholar/searches/\(id)/publications/\(publicationID)")
            } catch {
                if Task.isCancelled || error is CancellationError { return SearchEvent(kind: .cancelled) }
                return SearchEvent(kind: .failed, message: error.localizedDescription, blocked: SourceRefusal.isRefusal(error))
            }
        }
        return seeOther("/scholar/progress/\(job.uuidString)")
    }

    private func mailPublicationGraph(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context), publicationID = try publicationID(context)
        let chart = try screenFailure { try services.workspace(for: context).citationsPerYearChart(of: id, publication: publicationID, options: services.options) }
        guard !chart.years.isEmpty else { throw screens.failure(.conflict, "This publication has no citations per year to draw yet: fetch them first.") }
        try await sendGraphs(
            [("citations-per-year.png", chart.drawing)], subject: "Citations per year: \(chart.title)",
            body: "The graph of the publication's citations per year is attached.", request: request, searchID: id)
        return seeOther("/scholar/searches/\(id)/publications/\(publicationID)?sent=1")
    }

    private func mailSearchGraph(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        var drawings = [("h-index.png", try screenFailure { try services.workspace(for: context).hIndexChart(of: id, options: services.options) }.drawing)]
        let years = try screenFailure { try services.workspace(for: context).citationsPerYearChart(of: id, options: services.options) }
        if !years.years.isEmpty { drawings.append(("citations-per-year.png", years.drawing)) }
        try await sendGraphs(
            drawings, subject: "Graphs: \(stored.summary.label)",
            body: "h-index \(stored.report.metrics.h), \(stored.report.metrics.citations) citations. The graphs are attached.", request: request, searchID: id)
        return seeOther("/scholar/searches/\(id)/graph?sent=1")
    }

    /// E-mails PNGs of `drawings` to the address the form gives, through the server's SMTP.
    private func sendGraphs(_ drawings: [(String, ChartDrawing)], subject: String, body: String, request: Request, searchID: Int64) async throws {
        guard let mail = services.mail else {
            throw screens.failure(.conflict, "E-mail is not set up on this server: start it with SMTP_URL=smtp://host:port?from=you@example.org, or download the PNG.")
        }
        let recipient = try await FormBody.values(named: "to", from: request).first?.trimmingCharacters(in: .whitespaces) ?? ""
        guard recipient.contains("@"), !recipient.contains(where: \.isWhitespace) else {
            throw screens.failure(.badRequest, "\"\(recipient.prefix(80))\" is not an e-mail address: give one such as name@example.org.")
        }
        let attachments = try drawings.map { name, drawing in
            MailMessage.Attachment(filename: name, mimeType: "image/png", content: try PNGChartRenderer.render(drawing))
        }
        do {
            try await SMTPClient().send(MailMessage(to: [recipient], subject: subject, body: body, attachments: attachments), using: mail)
        } catch {
            throw screens.failure(.badGateway, "The graph was not sent: \(error.localizedDescription)")
        }
    }
}
