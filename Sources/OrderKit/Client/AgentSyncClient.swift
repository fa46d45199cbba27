import Foundation

/// Brings the company's master data into the agent's store over the cursor feed: every page
/// is fetched first, then all changes are applied in one transaction, and only then is the
/// server's cursor kept. An ended subscription removes everything the company had synced.
public struct AgentSyncClient: Sendable {
    public let transport: any CompanyTransport
    public let account: CompanyAccount

    public init(transport: any CompanyTransport, account: CompanyAccount) {
        self.transport = transport
        self.account = account
    }

    public enum Outcome: Sendable, Hashable {
        case synced(SyncApplySummary, cursor: String)
        /// The company ended the subscription: its data was removed from this store.
        case subscriptionEnded
    }

    public enum Failure: Error, Sendable, Equatable, LocalizedError {
        case wrongPassword
        case server(String)
        case unreadableAnswer(String)
        case unreachable(String)

        public var errorDescription: String? {
            switch self {
            case .wrongPassword: "the company refused the username or the password (pwdfail)"
            case .server(let message): "the company's server refused the sync: \(message)"
            case .unreadableAnswer(let problem): "the company's answer could not be read: \(problem); nothing was applied"
            case .unreachable(let reason): "the company's server could not be reached: \(reason)"
            }
        }
    }

    public func sync(into store: AgentStore, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Outcome {
        var cursor = try store.syncCursor(company: account.company)
        var commands: [SyncCommand] = []
        while true {
            let query = cursor.map { "?cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""
            let response: CompanyResponse
            do {
                response = try await transport.send(CompanyRequest(method: "GET", path: "/api/orders/business/changes" + query, headers: account.headers))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw Failure.unreachable(error.localizedDescription)
            }
            switch response.status {
            case 200: break
            case 401: throw Failure.wrongPassword
            case 410:
                try store.endSubscription(company: account.company)
                return .subscriptionEnded
            default: throw Failure.server(response.errorMessage)
            }
            let page: ChangeFeedPage
            do {
                page = try JSONDecoder().decode(ChangeFeedPage.self, from: Data(response.body))
            } catch {
                throw Failure.unreadableAnswer(error.localizedDescription)
            }
            switch page.commands(company: account.company) {
            case .success(let pageCommands): commands += pageCommands
            case .failure(let rejection): throw Failure.unreadableAnswer(rejection.localizedDescription)
            }
            cursor = page.cursor
            if !page.hasMore { break }
        }
        let summary = try store.apply(commands, progress: progress)
        try store.setSyncCursor(cursor, company: account.company)
        return .synced(summary, cursor: cursor ?? "")
    }
}
