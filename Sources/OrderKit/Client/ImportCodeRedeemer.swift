import Foundation

/// Fetches the master-data file behind a company's 6-letter import code and applies it to the
/// agent's store. The company deletes the file as it answers (the thesis's privacy rule), so a
/// code works once. The records arrive as the company's (read-only here, like synced ones) and
/// are applied as one sync: all of them in one transaction, or none.
public struct ImportCodeRedeemer: Sendable {
    public let transport: any CompanyTransport
    public let account: CompanyAccount

    public init(transport: any CompanyTransport, account: CompanyAccount) {
        self.transport = transport
        self.account = account
    }

    public enum Failure: Error, Sendable, Equatable, LocalizedError {
        /// What was typed cannot be a code; the company was not asked.
        case invalidCode(ImportCodeError)
        /// The company has no such code for this agent's company, or it was used already.
        case unknownCode(String)
        case wrongPassword
        case server(String)
        case unreadableAnswer(String)
        case unreachable(String)
        /// The records could not be applied (a product naming a supplier never synced…);
        /// nothing was stored.
        case notApplied(SyncApplyError)
        /// The agent's database refused the write (full disk…); nothing was stored.
        case storeFailed(String)

        /// The short, stable reason the API and the CLI report.
        public var code: String {
            switch self {
            case .invalidCode(let error): error.code
            case .unknownCode: "unknown import code"
            case .wrongPassword: "pwdfail"
            case .server: "company server error"
            case .unreadableAnswer: "unreadable answer"
            case .unreachable: "company unreachable"
            case .notApplied(let error): error.code
            case .storeFailed: "store failed"
            }
        }

        public var errorDescription: String? {
            switch self {
            case .invalidCode(let error): error.errorDescription
            case .unknownCode(let code): "the import code \(code) is unknown or was already used: ask the company for a new one"
            case .wrongPassword: "the company refused the username or the password (pwdfail): check them on the Sync screen"
            case .server(let message): "the company's server refused the import: \(message)"
            case .unreadableAnswer(let problem): "the company's answer could not be read: \(problem); nothing was stored"
            case .unreachable(let reason): "the company's server could not be reached: \(reason)"
            case .notApplied(let error): error.errorDescription
            case .storeFailed(let reason): "the records could not be stored (\(reason)); nothing was stored"
            }
        }
    }

    /// Redeems `typedCode` (spaces and case ignored) and returns how many records were stored.
    public func redeem(_ typedCode: String, into store: AgentStore) async throws(Failure) -> Int {
        let code: String
        do throws(ImportCodeError) { code = try ImportCode.validated(typedCode) } catch { throw .invalidCode(error) }
        let response: CompanyResponse
        do {
            response = try await transport.send(CompanyRequest(method: "GET", path: "/api/orders/business/imports/\(code)", headers: account.headers))
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        switch response.status {
        case 200: break
        case 401: throw .wrongPassword
        case 404: throw .unknownCode(code)
        default: throw .server(response.errorMessage)
        }
        let page: ChangeFeedPage
        do {
            page = try JSONDecoder().decode(ChangeFeedPage.self, from: Data(response.body))
        } catch {
            throw .unreadableAnswer(error.localizedDescription)
        }
        let commands: [SyncCommand]
        switch page.commands(company: account.company) {
        case .success(let decoded): commands = decoded
        case .failure(let rejection): throw .unreadableAnswer(rejection.localizedDescription)
        }
        do {
            return try store.apply(commands).upserted
        } catch let error as SyncApplyError {
            throw .notApplied(error)
        } catch {
            throw .storeFailed(error.localizedDescription)
        }
    }
}
