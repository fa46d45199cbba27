import Foundation

/// How an agent's Bottega reaches its company's server. A protocol, so an iOS app can send
/// with URLSession while `bottega` uses AsyncHTTPClient (`HTTPCompanyTransport`).
public protocol CompanyTransport: Sendable {
    func send(_ request: CompanyRequest) async throws -> CompanyResponse
}

public struct CompanyRequest: Sendable, Hashable {
    public var method: String
    /// The path and query below the server's base URL, e.g. `/api/orders/business/changes?cursor=7`.
    public var path: String
    public var headers: [String: String]
    public var body: [UInt8]?

    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

public struct CompanyResponse: Sendable, Hashable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    /// The API's `{"error": {"message"}}`, else the status.
    var errorMessage: String {
        struct Envelope: Decodable {
            struct Detail: Decodable { let message: String }
            let error: Detail
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(body)) { return envelope.error.message }
        return "the company's server answered HTTP \(status)"
    }
}

/// An agent's account at a company: what the company's admin set up with
/// `bottega orders business agent add`.
public struct CompanyAccount: Sendable, Hashable, Codable {
    public var company: String
    public var username: String
    public var password: String

    public init(company: String, username: String, password: String) {
        self.company = company
        self.username = username
        self.password = password
    }

    /// The JSON API's credentials: the company in a header, user and password as HTTP Basic.
    var headers: [String: String] {
        ["X-Bottega-Company": company, "Authorization": "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()]
    }
}
