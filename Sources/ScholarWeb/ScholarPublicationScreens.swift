import Foundation
import Hummingbird
import ScholarKit
import WebCore

/// Screens 4–6: the publication list (ticking out, merge mode, duplicate suggestions) and a
/// publication's detail with its graph.
extension ScholarScreenRoutes {
    func registerPublications(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("searches/:id/publications") { request, context in try publicationsPage(request, context) }
        group.post("searches/:id/publications/:publication/exclude") { _, context in try setExcluded(true, context) }
        group.post("searches/:id/publications/:publication/include") { _, context in try setExcluded(false, context) }
        group.post("searches/:id/merge") { request, context in try await mergeSelected(request, context) }
        group.getHeavy("searches/:id/publications/:publication") { request, context in try detail(request, context) }
        group.getHeavy("searches/:id/duplicates") { _, context in try duplicatesPage(context) }
        group.post("searches/:id/publications/:publication/dissolve") { request, context in try await dissolvePublication(request, context) }
        group.post("searches/:id/duplicates/reject") { request, context in try await rejectDuplicateGroup(request, context) }
        group.getHeavy("searches/:id/publications/:publication/graph.png") { _, context in
            let chart = try screenFailure { try services.workspace(for: context).citationsPerYearChart(of: try searchID(context), publication: try publicationID(context), options: services.options) }
            return PNGReply(bytes: try PNGChartRenderer.render(chart.drawing), filename: "citations-per-year.png")
        }
    }

    private func publicationsPage(_ request: Request, _ context: WebRequestContext) throws -> some ResponseGenerator {
        try publications(
            context, mergeMode: request.uri.queryParameters.get("merge") == "1", section: request.uri.queryParameters.get("section", as: Int.self),
            order: try request.choiceQuery("sort", among: PublicationListOrder.allCases.map(\.rawValue)).flatMap(PublicationListOrder.init(rawValue:)) ?? .citations)
    }

    private func mergeSelected(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let chosen = try await FormBody.values(named: "publications", from: request).compactMap { Int64($0) }
        let merged = try screenFailure { try services.workspace(for: context).merge(chosen, in: id) }
        return seeOther("/scholar/searches/\(id)/publications#p\(merged)")
    }

    private func duplicatesPage(_ context: WebRequestContext) throws -> some ResponseGenerator {
        let id = try searchID(context)
        let suggestions = try screenFailure { try services.workspace(for: context).duplicateSuggestions(in: id, options: services.options) }
        return screens.page("scholar/duplicates", ScholarDuplicatesPage(
            searchID: id, empty: suggestions.isEmpty, suggestions: suggestions.map(DuplicateSuggestionView.init)))
    }

    private func dissolvePublication(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context), merge = try publicationID(context)
        let member = try await FormBody.values(named: "member", from: request).first.flatMap { Int64($0) }
        try screenFailure { try services.workspace(for: context).dissolve(merge, member: member, in: id) }
        let stillMerged = (try? services.workspace(for: context).open(id, options: services.options).publication(merge)) != nil
        return seeOther(stillMerged ? "/scholar/searches/\(id)/publications/\(merge)" : "/scholar/searches/\(id)/publications")
    }

    private func rejectDuplicateGroup(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let id = try searchID(context)
        let members = try await FormBody.values(named: "publications", from: request).compactMap { Int64($0) }
        try screenFailure { try services.workspace(for: context).rejectDuplicates(members, in: id) }
        return seeOther("/scholar/searches/\(id)/duplicates")
    }

    /// Rows per section; a list of more than two sections is served one section per page, so a
    /// phone never loads a thousand rows at once.
    static let sectionSize = 100

    private func publications(_ context: WebRequestContext, mergeMode: Bool, section requested: Int?, order: PublicationListOrder) throws -> HTML {
        let id = try searchID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        guard let version = stored.version else { return try publications(stored, context, mergeMode: mergeMode, section: requested, order: order) }
        let key = DrawnView(
            kind: "publications", search: id, version: version, referenceYear: stored.report.options.referenceYear,
            query: "\(mergeMode) \(requested ?? 0) \(order.rawValue)")
        let page = try services.drawn(key) { Array(try publications(stored, context, mergeMode: mergeMode, section: requested, order: order).text.utf8) }
        return HTML(text: String(decoding: page, as: UTF8.self))
    }

    private func publications(
        _ stored: StoredSearch, _ context: WebRequestContext, mergeMode: Bool, section requested: Int?, order: PublicationListOrder
    ) throws -> HTML {
        let id = stored.summary.id
        let gCore = stored.gCoreIDs
        let referenceYear = stored.report.options.referenceYear
        let rows = order.sorted(stored.publications, referenceYear: referenceYear).enumerated().map {
            ScholarView.row($1, rank: $0 + 1, inGCore: gCore.contains($1.id), referenceYear: referenceYear)
        }
        let counted = rows.filter { !$0.excluded }, excluded = rows.filter(\.excluded)
        var sections = Self.sections(of: counted, excluded: false) + Self.sections(of: excluded, excluded: true)
        let paged = sections.count > 2
        let shown = paged ? min(max(1, requested ?? 1), sections.count) : nil
        for index in sections.indices {
            let anchor = sections[index].anchor
            sections[index].href = paged ? "?section=\(index + 1)\(mergeMode ? "&merge=1" : "")\(order == .citations ? "" : "&sort=\(order.rawValue)")#\(anchor)" : "#\(anchor)"
            sections[index].current = shown == index + 1
        }
        let visible = shown.map { [sections[$0 - 1]] } ?? sections
        // Suggestions are computed here only for lists a glance can review; longer ones link to them.
        let suggestions = rows.count <= 2 * Self.sectionSize ? ((try? services.workspace(for: context).duplicateSuggestions(in: stored)) ?? []) : []
        let metrics = stored.report.metrics
        return screens.page("scholar/publications", ScholarPublicationsPage(
            search: ScholarView.summary(stored.summary), searchID: id, mergeMode: mergeMode, h: metrics.h, g: metrics.g, citations: metrics.citations,
            sections: visible, jump: sections.count > 1 ? sections : [], hasJump: sections.count > 1,
            suggestions: suggestions.prefix(5).map(DuplicateSuggestionView.init), suggestionCount: suggestions.count,
            hasSuggestions: !suggestions.isEmpty && !mergeMode, longList: rows.count > 2 * Self.sectionSize,
            orders: PublicationListOrder.allCases.map { .init(value: $0.rawValue, label: ScholarView.orderLabel($0), current: $0 == order) }))
    }

    private static func sections(of rows: [ScholarView.Row], excluded: Bool) -> [ScholarPublicationsPage.Section] {
        stride(from: 0, to: rows.count, by: sectionSize).map { start in
            let end = min(start + sectionSize, rows.count)
            let range = "\(start + 1)–\(end)"
            let label = excluded ? (rows.count <= sectionSize ? "Excluded" : "Excluded \(range)") : range
            return .init(anchor: excluded ? "excluded-\(start + 1)" : "from-\(start + 1)", label: label, rows: Array(rows[start..<end]), isExcluded: excluded)
        }
    }

    private func setExcluded(_ excluded: Bool, _ context: WebRequestContext) throws -> Response {
        let id = try searchID(context), publication = try publicationID(context)
        try screenFailure { try services.workspace(for: context).setExcluded([publication], excluded: excluded, in: id) }
        return seeOther("/scholar/searches/\(id)/publications#p\(publication)")
    }

    private func detail(_ request: Request, _ context: WebRequestContext) throws -> HTML {
        let id = try searchID(context), publicationID = try publicationID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        guard let item = stored.publication(publicationID) else {
            throw screens.failure(.notFound, ScholarWorkspaceError.unknownPublication(publicationID, search: id).localizedDescription)
        }
        let members = item.isMerge ? (try? services.workspace(for: context).members(of: publicationID, in: id)) ?? [] : []
        let memberRows = zip(item.memberIDs, members).map { ScholarDetailPage.Member(id: $0, title: $1.title, citations: $1.citations) }
        let chart = CitationsPerYearChart(title: "Citations per year", countsByYear: item.citationsPerYear ?? [:])
        let publication = item.publication
        let fields: [(String, String?)] = [
            ("Authors", AuthorList.join(publication.authors, truncated: publication.authorsTruncated)), ("Year", publication.year.map(String.init)),
            ("Citations", String(publication.citations)), ("Venue", publication.venue), ("Publisher", publication.publisher),
            ("Type", publication.type), ("DOI", publication.doi), ("Status", ScholarView.statusLabel(item.status)),
            ("On the homepage", item.onHomepage.map { $0 ? "yes" : "no" }),
            ("Volume", publication.details?.volume), ("Issue", publication.details?.issue), ("Pages", publication.details?.pages),
            ("ISSN", publication.details?.issn), ("Keywords", publication.details.map { $0.keywords.joined(separator: "; ") }),
            ("Abstract", publication.details?.abstract),
        ]
        // The Ulm thesis quotes how much of the count the graph accounts for (§5.4).
        let dated = (item.citationsPerYear ?? [:]).values.reduce(0, +)
        let share = publication.citations > 0 && dated > 0
            ? String(format: "%.0f%% of its %d citations could be given a year.", min(100, Double(dated) * 100 / Double(publication.citations)), publication.citations) : nil
        return screens.page("scholar/detail", ScholarDetailPage(
            title: publication.title, searchID: id, id: publicationID, heading: publication.title,
            fields: fields.compactMap { name, value in value.flatMap { $0.isEmpty ? nil : .init(name: name, value: $0) } },
            link: StoredLink.href(publication.articleURL), citedBy: StoredLink.href(publication.citesURL),
            merge: item.mergeNumber.map { "Merge #\($0)" }, members: memberRows, isMerge: item.isMerge,
            graph: chart.years.isEmpty ? nil : SVGChartRenderer.render(chart.drawing), hasGraph: !chart.years.isEmpty,
            share: share, canFetchYears: publication.citesURL != nil, canSend: services.mail != nil, sent: request.uri.queryParameters["sent"] != nil))
    }

    func publicationID(_ context: WebRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("publication", as: Int64.self) else { throw screens.failure(.notFound, "That is not a publication id.") }
        return id
    }
}

/// A PNG download.
struct PNGReply: ResponseGenerator {
    let bytes: [UInt8]
    let filename: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "image/png", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: .init(bytes: bytes))
        )
    }
}
