import Foundation
import Markup
import ShopKit
import ShopReplay
import Testing

/// A ``WebserviceSending`` that passes every request to the replay server's client and keeps
/// the list of what it sent, in order: the facade's side of the exchange, with the requests
/// as ShopKit built them (the server's own log, ``ShopReplayServer/requests()``, has them as
/// received).
actor RequestLog: WebserviceSending {
    let client: WebserviceClient
    private(set) var sent: [String] = []

    init(_ client: WebserviceClient) { self.client = client }

    func send(_ request: WebserviceRequest) async throws(WebserviceError) -> WebserviceResponse {
        sent.append("\(request.method.rawValue) \(request.relativePath)")
        return try await client.send(request)
    }

    func knownVersion() async -> PrestaShopVersion? { await client.knownVersion() }
    func invalidate(resources: Set<String>) async {}
}

enum FacadeFixtures {
    static let responses = ReplayFixtures.oca.appendingPathComponent("responses")

    /// Runs the OCA replay server and a facade on it, through a request log.
    static func withFacade(
        cache: ShopCache? = nil,
        _ body: @Sendable (ShopReplayServer, ShopFacade, RequestLog) async throws -> Void
    ) async throws {
        try await ReplayFixtures.withShop(ReplayFixtures.oca) { server, client, _ in
            let log = RequestLog(client)
            let sender: any WebserviceSending = cache.map { CachingSender(log, cache: $0) } ?? log
            try await body(server, ShopFacade(sender: sender), log)
        }
    }

    /// The text at `xpath` in a recorded response file (under `responses/`).
    static func text(_ file: String, _ xpath: String) throws -> String? {
        let bytes = try ReplayFixtures.bytes(responses, file)
        return try MarkupDocument.xml(bytes).first(xpath)?.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func texts(_ file: String, _ xpath: String) throws -> [String] {
        let bytes = try ReplayFixtures.bytes(responses, file)
        return try MarkupDocument.xml(bytes).select(xpath).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The ShopKit error inside whatever a facade call threw.
    static func shopError(_ body: () async throws -> Void) async -> ShopError? {
        do {
            try await body()
            return nil
        } catch let error as ShopError {
            return error
        } catch {
            Issue.record("not a ShopError: \(error)")
            return nil
        }
    }
}
