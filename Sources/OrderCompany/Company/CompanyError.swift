import OrderKit
import Foundation

/// What the company server refuses, with a stable `code` for the API and the CLI.
public enum CompanyError: Error, Sendable, Equatable, LocalizedError {
    case invalidCompanyCode(String)
    case companyExists(String)
    case unknownCompany(String)
    case invalidUsername(String)
    case agentExists(company: String, username: String)
    case unknownAgent(company: String, username: String)
    case weakPassword(String)
    case unknownImportCode(String)
    case emptyImport
    case unknownRecord(kind: MasterDataKind, remoteID: String)
    /// An order arrived under the idempotency key of a different order already received.
    case idempotencyKeyReused(String)
    /// A logo that is not a PNG file of at most `CompanyLogo.maximumBytes`.
    case invalidLogo(String)

    public var code: String {
        switch self {
        case .invalidCompanyCode: "invalid company code"
        case .companyExists: "company exists"
        case .unknownCompany: "unknown company"
        case .invalidUsername: "invalid username"
        case .agentExists: "agent exists"
        case .unknownAgent: "unknown agent"
        case .weakPassword: "weak password"
        case .unknownImportCode: "unknown import code"
        case .emptyImport: "empty import"
        case .unknownRecord: "unknown record"
        case .idempotencyKeyReused: "idempotency key reused"
        case .invalidLogo: "invalid logo"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .invalidCompanyCode(let code):
            "“\(code)” is not a company code: use 2 to 20 letters, digits or “-”, e.g. ACME-SPA"
        case .companyExists(let code): "company \(code) already exists"
        case .unknownCompany(let code): "there is no company \(code): add it first with `bottega orders business company add`"
        case .invalidUsername(let name): "“\(name)” is not a username: use 3 to 32 letters, digits, “.”, “-” or “_”"
        case .agentExists(let company, let username): "\(company) already has an agent \(username)"
        case .unknownAgent(let company, let username): "\(company) has no agent \(username)"
        case .weakPassword(let problem): problem
        case .unknownImportCode(let code): "the import code \(code) is unknown or was already used: ask the company for a new one"
        case .emptyImport: "the file has no records to import"
        case .unknownRecord(let kind, let remoteID): "the company has no \(kind.rawValue) with idAzienda \(remoteID)"
        case .invalidLogo(let problem): "the logo \(problem): upload a PNG image of at most \(CompanyLogo.maximumBytes / 1024) KB"
        case .idempotencyKeyReused(let key):
            "the idempotency key \(key) was already used for a different order, which stays as it was received: send a new order with a new key"
        }
    }
}
