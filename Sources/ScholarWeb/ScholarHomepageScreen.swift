import Fetch
import Foundation
import Hummingbird
import Markup
import ScholarKit
import WebCore

/// Screen 7, the Italian thesis's homepage view: run the filter on a homepage address and
/// see its publications green (in the results) or red (not found).
extension ScholarScreenRoutes {
    func registerHomepage(on group: RouterGroup<WebRequestContext>) {
        group.getHeavy("searches/:id/homepage") { _, context in try homepage(try searchID(context), error: nil, context) }
        group.post("searches/:id/homepage") { request, context in try await filterByHomepage(request, context) }
    }

    private func filterByHomepage(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let id = try searchID(context)
        let form = try await FormBody.decode(HomepageForm.self, from: request)
        do {
            let document = try await fetchHomepage(form.address)
            _ = try services.workspace(for: context).filterByHomepage(
                document, address: form.address, searchID: id,
                filter: HomepageFilter(titleThreshold: form.titleThreshold, authorThreshold: form.authorThreshold), options: services.options
            )
        } catch let error as HomepageFilterError {
            return try homepage(id, error: error.localizedDescription, status: .unprocessableContent, context).response(from: request, context: context)
        } catch let error as ScholarWorkspaceError {
            throw screens.failure(error.status, error.localizedDescription)
        } catch let error as HomepageForm.Invalid {
            return try homepage(id, error: error.message, status: .badRequest, context).response(from: request, context: context)
        }
        return seeOther("/scholar/searches/\(id)/homepage")
    }

    private func homepage(_ id: Int64, error: String?, status: HTTPResponse.Status = .ok, _ context: WebRequestContext) throws -> HTML {
        let stored = try screenFailure { try services.workspace(for: context).open(id, options: services.options) }
        let check = try screenFailure { try services.workspace(for: context).homepage(of: id) }
        return screens.page("scholar/homepage", ScholarHomepagePage(stored, check: check, error: error), status: status)
    }

    private func fetchHomepage(_ address: String) async throws -> MarkupDocument {
        guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https" else {
            throw HomepageForm.Invalid(message: "\(address) is not an http(s) address.")
        }
        // The address and every redirect are judged hop by hop inside the fetch, each request
        // connecting to the address judged (``OutboundAddress``).
        let request = FetchRequest(url: url, outbound: services.allowPrivateFetch ? nil : OutboundAddress.current)
        let response: FetchResponse
        do {
            response = try await services.runner.fetcher.get(request)
        } catch .refused(_, let reason) {
            throw HomepageForm.Invalid(message: "The homepage was not fetched: \(reason).")
        } catch {
            // What answered (a status, a refused port) is not repeated: the form must not become a
            // way to map what listens where.
            throw HomepageForm.Invalid(message: "The homepage at \(url.host ?? address) could not be fetched; check the address and try again.")
        }
        if let type = response.headers["content-type"], !type.contains("html") {
            throw HomepageForm.Invalid(message: "\(address) is \(type), not an HTML page.")
        }
        do {
            return try MarkupDocument.html(response.body, url: address)
        } catch {
            throw HomepageForm.Invalid(message: "\(address) is not an HTML page: \(error.localizedDescription)")
        }
    }
}

/// The homepage form: an address and the two similarity sliders (percent).
struct HomepageForm: Decodable {
    var address: String
    var titles: Int?
    var authors: Int?

    struct Invalid: Error { let message: String }

    var titleThreshold: Double { Double(min(100, max(1, titles ?? 80))) / 100 }
    var authorThreshold: Double { Double(min(100, max(1, authors ?? 68))) / 100 }
}
