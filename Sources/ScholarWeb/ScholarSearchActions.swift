import Foundation
import Hummingbird
import ScholarCassettes
import ScholarKit
import WebCore

/// What the Scholar screens do to a search besides showing it: cancel, refresh, complete the
/// author lists, save, delete, import a list.
extension ScholarScreenRoutes {
    func cancelSearch(_ context: WebRequestContext) async throws -> Response {
        _ = await services.jobs.cancel(try await jobID(context))
        return seeOther("/scholar/progress/\(try await jobID(context).uuidString)")
    }

    func about() -> HTML {
        screens.page("scholar/about", ScholarAboutPage())
    }

    /// The search asked again of its source, as the CLI's --refresh: a new stored search, with
    /// the edits of the last saved one replayed.
    func refresh(_ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        guard stored.summary.parameters.source != .file else {
            throw screens.failure(.conflict, ScholarWorkspaceError.cannotRerunFile(stored.summary.parameters.fileName ?? "").localizedDescription)
        }
        let job = await services.startSearch(stored.summary.parameters, in: try services.workspace(for: context), remember: true, refresh: true)
        return seeOther("/scholar/progress/\(job.uuidString)")
    }

    /// The cut author lists of a stored search, completed from OpenAlex; the search's note says
    /// what was done, and a failed look-up changes nothing.
    func fetchAuthors(_ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        let lists = FullAuthorLists(client: services.runner.openAlexClient)
        do {
            _ = try await lists.complete(searchID: id, in: services.workspace(for: context))
        } catch let error as ScholarWorkspaceError {
            throw screens.failure(error.status, error.localizedDescription)
        } catch {
            throw screens.failure(.badGateway, "The author lists could not be completed (nothing was changed): \(error.localizedDescription)")
        }
        return seeOther("/scholar/searches/\(id)")
    }

    func save(_ request: Request, _ context: WebRequestContext) throws -> Response {
        let id = try searchID(context)
        try screenFailure { try services.workspace(for: context).save(id) }
        // Saved from the history, the user stays in the history.
        let fromHistory = request.headers[.referer]?.hasSuffix("/scholar/history") == true
        return seeOther(fromHistory ? "/scholar/history" : "/scholar/searches/\(id)")
    }

    func delete(_ context: WebRequestContext) throws -> Response {
        try screenFailure { try services.workspace(for: context).delete(try searchID(context)) }
        return seeOther("/scholar/history")
    }

    /// A publication list uploaded from the history screen: the CLI's `scholar import`.
    func importList(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let form: (file: UploadedFile, texts: [String: String])
        do throws(UploadedFile.Failure) { form = try await UploadedFile.readForm(from: request, file: "file", texts: ["author", "format"]) } catch {
            return try historyPage(error: error.message, status: error.status, context).response(from: request, context: context)
        }
        // The file's own name tells its format and names the search, as on the command line.
        let name = form.file.filename ?? "uploaded file"
        let chosen = form.texts["format"].flatMap { $0.isEmpty ? nil : $0 }
        guard chosen.map({ PublicationFormat(rawValue: $0) != nil && $0 != "html" }) ?? true else {
            return try historyPage(error: "The format must be CSV, BibTeX, RIS, JSON, EndNote, Web of Science, JSON Lines or dblp XML.", status: .badRequest, context).response(from: request, context: context)
        }
        let result: ImportResult
        do {
            result = chosen == nil && CassetteImporter.isCassette(name)
                ? try CassetteImporter.read(contents: form.file.bytes, file: name)
                : try PublicationImporter.read(contents: form.file.bytes, file: name, format: chosen.flatMap(PublicationFormat.init(rawValue:)))
        } catch let problem as ImportProblem {
            // The Kit advises the CLI's flag; the screen's own choice is the Format menu.
            let advice = problem.description.replacingOccurrences(of: "pass --from", with: "choose in Format")
            return try historyPage(error: advice, status: .badRequest, context).response(from: request, context: context)
        }
        guard !result.publications.isEmpty else {
            return try historyPage(error: "The file holds no publications: nothing to import.", status: .badRequest, context).response(from: request, context: context)
        }
        // What the file is ("ORCID gives no citation counts") stays with the search, on its screen.
        var fetched = FetchedSearch(publications: result.publications, note: result.notices.isEmpty ? nil : result.notices.joined(separator: ". "))
        if let author = form.texts["author"]?.trimmingCharacters(in: .whitespaces), !author.isEmpty, let filter = AuthorNameFilter(searchedName: author) {
            fetched.excludeByName(filter)
        }
        let stored = try services.workspace(for: context).store(fetched, parameters: SearchParameters(source: .file, fileName: name))
        return seeOther("/scholar/searches/\(stored.searchID)")
    }
}
