import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `CompanyTransport` over AsyncHTTPClient, for `bottega` and the tests: the company's server
/// at `baseURL`, each request bounded by `timeout`.
public struct HTTPCompanyTransport: CompanyTransport {
    public let baseURL: URL
    public let client: HTTPClient
    public var timeout: TimeAmount

    public init(baseURL: URL, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(30)) {
        self.baseURL = baseURL
        self.client = client
        self.timeout = timeout
    }

    public func send(_ request: CompanyRequest) async throws -> CompanyResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        var outgoing = HTTPClientRequest(url: base + request.path)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: timeout)
        // Answers are small JSON pages or receipts; 64 MB bounds a broken server.
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return CompanyResponse(status: Int(response.status.code), body: Array(buffer: body))
    }
}
