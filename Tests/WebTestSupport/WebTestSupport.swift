import WebCore
import BarcodeWallet
import BottegaWeb
import Credentials
import Fetch
import Foundation
import Testing
import GRDB
import Hummingbird
import HummingbirdTesting
import Mail
import MailOutbox
import OrderCompany
import OrderKit
import ScholarKit
import TicketKit

/// The web app over an in-memory workspace, its sources pointed at `sourceBase` (a local
/// server of saved pages, or an address nothing answers).
package func withWebApp(
    sourceBase: URL = URL(string: "http://127.0.0.1:9")!,
    mail: SMTPConfiguration? = nil,
    allowPrivateFetch: Bool = true,
    prepare: (ScholarWorkspace) throws -> Void = { _ in },
    _ body: @Sendable @escaping (any TestClientProtocol, ScholarWorkspace) async throws -> Void
) async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("web-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    var fetch = FetchConfiguration(cacheDirectory: cache)
    fetch.defaultPoliteness = HostPoliteness(gapSeconds: 0...0)
    var configuration = AppConfiguration(
        database: try DatabaseQueue(), fetch: fetch, scholarBaseURL: sourceBase, openAlexBaseURL: sourceBase, mail: mail,
        passwordHasher: PasswordHasher(cost: .testing), runsBackgroundWork: false)
    // The tests' servers are on 127.0.0.1.
    configuration.allowPrivateFetch = allowPrivateFetch
    configuration.scholarServices = ServiceSettings(baseURLs: Dictionary(uniqueKeysWithValues: ScholarService.allCases.map { ($0, sourceBase) }))
    try await AppServices.with(configuration) { services in
        try prepare(services.scholar.firstAccountWorkspace)
        let app = Application(router: try await buildRouter(WebConfiguration(), services: services))
        try await app.test(.router) { client in try await body(client, services.scholar.firstAccountWorkspace) }
    }
}

extension TestResponse {
    package var text: String { String(buffer: body) }
    package func json() throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }
}

/// A search of three papers cited 10, 5 and 1 times, stored as an import.
package func storeThreePapers(_ workspace: ScholarWorkspace) throws -> Int64 {
    try workspace.store(FetchedSearch(publications: [
        Publication(title: "Cellular geography", authors: ["W Tobler"], year: 1979, citations: 10),
        Publication(title: "A computer movie", authors: ["W Tobler"], year: 1970, citations: 5),
        Publication(title: "Bidimensional regression", authors: ["W Tobler"], year: 1994, citations: 1),
    ]), parameters: SearchParameters(source: .file, fileName: "tobler.csv")).searchID
}

/// The `error.code` of a JSON error answer, expecting it to be JSON.
package func apiErrorCode(_ response: TestResponse) throws -> String? {
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    return (try response.json()["error"] as? [String: Any])?["code"] as? String
}

/// A server configuration that trusts `proxies` (and reads slowly enough for a busy machine).
package func configuration(trusting proxies: [String]) -> WebConfiguration {
    var web = WebConfiguration(readTimeout: .seconds(300))
    web.trustedProxies = proxies
    return web
}
