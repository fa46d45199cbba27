import Foundation

/// How an agent's Bottega reaches its company's server. A protocol, so an iOS app can send
/// with URLSession while `bottega` uses AsyncHTTPClient (`HTTPCompanyTransport`).
public protocol CompanyTransport: Sendable {
    func send(_ request: CompanyRequest) async throws -> CompanyResponse
}

/// Why a request got no answer, as a transport reports it, in words for the agent (never a
/// library's error text).
public enum CompanyTransportFailure: Error, Sendable, Hashable, LocalizedError {
    /// Nothing listens at the address, the name does not resolve, the network is down.
    case unreachable(host: String)
    /// The server took the request but did not answer within `milliseconds`.
    case noAnswer(host: String, milliseconds: Int)
    /// The connection broke while the answer was coming.
    case connectionLost(host: String)
    /// The answer was larger than any the company's server sends (64 MB).
    case answerTooLarge(host: String)
    /// The server's address is on the agent's own machine or a private network, where the app
    /// does not send the agent's credentials.
    case refusedAddress(host: String)

    public var errorDescription: String? {
        switch self {
        case .unreachable(let host): "the company's server \(host) cannot be reached: check the address and the connection"
        case .noAnswer(let host, let milliseconds):
            "the company's server \(host) gave no answer in " + (milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms")
        case .connectionLost(let host): "the connection to the company's server \(host) broke before it answered"
        case .answerTooLarge(let host): "the company's server \(host) sent an answer far larger than any it should: check the address"
        case .refusedAddress(let host):
            "\(host) is on this machine or a private network, where your credentials are not sent (the server must be started with --allow-private-fetch to allow it)"
        }
    }
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
