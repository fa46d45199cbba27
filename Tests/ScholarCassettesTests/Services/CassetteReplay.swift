import Fetch
import Foundation
import ScholarCassettes
import ScholarKit
import TestSupport

/// Serves recorded answers on 127.0.0.1: a request is answered by the recorded exchange whose
/// path is the request's (the service's own prefix, such as `/graph/v1`, dropped) and whose
/// values of `matching` query keys are the request's. Anything else is a 404 naming it.
struct CassetteReplay: Sendable {
    let exchanges: [RecordedExchange]
    let matching: [String]

    init(_ exchanges: [RecordedExchange], matching: [String] = []) {
        self.exchanges = exchanges
        self.matching = matching
    }

    static func load(_ relativePath: String, root: URL = RecordedAnswers.root) throws -> [RecordedExchange] {
        let url = root.appendingPathComponent(relativePath)
        return try Cassette.exchanges(contents: [UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
    }

    func reply(_ request: LocalServer.Request, droppingPrefix prefix: String = "") -> LocalServer.Reply {
        for exchange in exchanges {
            guard let recorded = URLComponents(string: exchange.uri) else { continue }
            let path = String(recorded.path.dropFirst(prefix.count))
            guard recorded.path.hasPrefix(prefix), path == request.path else { continue }
            let values = Dictionary((recorded.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            guard matching.allSatisfy({ values[$0] == request.query[$0] }) else { continue }
            return LocalServer.Reply(status: exchange.status, headers: ["Content-Type": "application/json"], body: exchange.body)
        }
        return .json("{\"error\": \"nothing recorded for \(request.uri)\"}", status: 404)
    }
}

/// A fetcher that asks a local server at once: no pause, short retry waits. The timeout only
/// catches a hung server: 10 s was once too short for the 234 KB Crossref answer, in a debug
/// build beside the whole suite on two busy cores.
func withLocalFetcher<Result: Sendable>(_ body: (Fetcher) async throws -> Result) async throws -> Result {
    let configuration = FetchConfiguration(
        timeout: .seconds(60), maxRetries: 2, longestRetryWait: .seconds(3), retryBackoff: .milliseconds(10),
        politeness: ["127.0.0.1": .none], defaultPoliteness: .none)
    return try await Fetcher.withFetcher(configuration) { try await body($0) }
}

/// Runs `operation` and returns the `ScholarServiceError` it throws (nil when it succeeds).
func serviceError(_ operation: () async throws -> some Any) async -> ScholarServiceError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as ScholarServiceError {
        return error
    } catch {
        return nil
    }
}
