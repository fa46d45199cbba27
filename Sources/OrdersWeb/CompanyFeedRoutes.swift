import Foundation
import HTTPTypes
import Hummingbird
import OrderCompany
import OrderKit
import WebCore

/// The modern sync under `/api/orders/business`: credentials in headers (`X-Bottega-Company` and
/// HTTP Basic `username:password`), a cursor the server issued, JSON.
struct CompanyFeedRoutes {
    let services: OrderServices

    func register(on group: RouterGroup<WebRequestContext>) {
        group.get("changes") { request, context in try await changes(request, context) }
        group.get("imports/:code") { request, context in try await importByCode(request, context) }
    }

    private func changes(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let credentials = try AgentCredentials(request)
        let cursor = request.uri.queryParameters["cursor"].map(String.init)
        let limitText = request.uri.queryParameters["limit"].map(String.init)
        guard let limit = limitText.map(Int.init) ?? 1_000, (1...10_000).contains(limit) else { throw APIError(.badRequest, "bad_limit", "limit must be between 1 and 10000.") }
        do {
            return try await services.agentLogins.attempt((credentials.company, credentials.username), context: context) {
                try await services.sync.feed(company: credentials.company, username: credentials.username, password: credentials.password, cursor: cursor, limit: limit)
            } wasWrongPassword: { outcome in
                if case .failure(let error) = outcome { (error as? CompanySyncServer.Refusal) == .wrongPassword } else { false }
            }
        } catch let refusal as CompanySyncServer.Refusal {
            throw Self.apiError(refusal)
        }
    }

    private func importByCode(_ request: Request, _ context: WebRequestContext) async throws -> some ResponseGenerator {
        let credentials = try AgentCredentials(request)
        switch try await services.agentLogins.authenticate(credentials, services: services, context: context) {
        case .allowed: break
        case .wrongPassword: throw Self.apiError(.wrongPassword)
        case .subscriptionEnded: throw Self.apiError(.subscriptionEnded)
        }
        let code = (context.parameters.get("code") ?? "").uppercased()
        do {
            let redeemed = try await services.company.redeemImport(code: code, company: credentials.company)
            let entries: [ChangeFeedEntry]
            do {
                entries = try redeemed.records.map { record throws(InterchangeEncodingError) in
                    try ChangeFeedEntry(.insert(record.record, company: credentials.company, remoteID: record.remoteID))
                }
            } catch {
                throw Self.apiError(.unsendableRecord(error.localizedDescription))
            }
            return ChangeFeedPage(cursor: "", changes: entries, hasMore: false)
        } catch let error as CompanyError {
            throw APIError(.notFound, APIError.code(error.code), error.localizedDescription)
        }
    }

    static func apiError(_ refusal: CompanySyncServer.Refusal) -> APIError {
        switch refusal {
        case .wrongPassword: APIError(.unauthorized, "pwdfail", refusal.localizedDescription)
        // 410 Gone: the agent's app removes the company's data, as with the thesis's `deleted`.
        case .subscriptionEnded: APIError(.gone, "deleted", refusal.localizedDescription)
        case .badLastSync, .badCursor: APIError(.badRequest, APIError.code(refusal.code), refusal.localizedDescription)
        // The company's data, not the request, is wrong: a conflict the company resolves.
        case .unsendableRecord: APIError(.conflict, APIError.code(refusal.code), refusal.localizedDescription)
        }
    }
}

/// An agent's credentials on the JSON API: the company in `X-Bottega-Company`, the user and
/// password as HTTP Basic.
struct AgentCredentials {
    let company: String
    let username: String
    let password: String

    init(_ request: Request) throws {
        guard let company = request.headers[HTTPField.Name("X-Bottega-Company")!], !company.isEmpty else {
            throw APIError(.unauthorized, "missing_company", "Name the company in the X-Bottega-Company header.")
        }
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
              let data = Data(base64Encoded: String(header.dropFirst(6))), let pair = String(data: data, encoding: .utf8),
              let colon = pair.firstIndex(of: ":") else {
            throw APIError(.unauthorized, "missing_credentials", "Send the agent's username and password as HTTP Basic authorization.")
        }
        self.company = company
        username = String(pair[..<colon])
        password = String(pair[pair.index(after: colon)...])
    }
}

extension ChangeFeedPage: ResponseEncodable {}
