import Foundation
import HTTPClientTransport
import ShopKit
import ShopReplay
import Testing
import TestSupport

/// The recorded PrestaShop traffic in `../shared/fixtures/prestashop` (relative to the package
/// root), and helpers to start the replay server on it. Tests skip when the folder is absent.
enum ReplayFixtures {
    static let root = SharedFixtures.url("prestashop")

    static let available = SharedFixtures.enabled("prestashop/API-NOTES.md")
    static let skipReason = Comment(rawValue: SharedFixtures.skipMessage("prestashop"))

    static let oca = root.appendingPathComponent("ps-1.6.1_oca-connector-prestashop")
    static let iq2i = root.appendingPathComponent("ps-1.7.7_iq2i-prestashop-webservice")
    static let iaintshine = root.appendingPathComponent("ps-1.5_iaintshine-presta_shop")

    /// A made-up key of the right shape; the recordings hold none (SOURCES.md §1).
    static let key = "ZR92FNY5UFRERNI3O9Z5QDHWKTP3YIIT"

    static func bytes(_ folder: URL, _ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(file)))
    }

    /// Runs a replay server of `folder` and a client (timeout `timeout`) speaking to it.
    static func withShop(
        _ folder: URL, key: String = key, timeout: Duration = .seconds(10),
        _ body: @Sendable (ShopReplayServer, WebserviceClient, URL) async throws -> Void
    ) async throws {
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: folder), keys: [Self.key])
        try await server.run { base in
            let configuration = try ShopConfiguration(shop: base.absoluteString, key: key, timeout: timeout)
            try await body(server, WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared), base)
        }
    }

    /// The OCA `manifest.json`, as plain dictionaries.
    static func manifest() throws -> [[String: Any]] {
        let data = try Data(contentsOf: oca.appendingPathComponent("manifest.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// Every recorded occurrence: method, uri, status, headers, body file.
    struct Occurrence {
        let method: String
        let uri: String
        let status: Int
        let headers: [String: [String]]
        let bodyFile: String?
    }

    static func occurrences() throws -> [Occurrence] {
        try manifest().flatMap { entry -> [Occurrence] in
            let file = entry["response_body_file"] as? String
            return ((entry["occurrences"] as? [[String: Any]]) ?? []).map { occurrence in
                Occurrence(
                    method: occurrence["method"] as? String ?? "",
                    uri: occurrence["uri"] as? String ?? "",
                    status: (occurrence["status"] as? [String: Any])?["code"] as? Int ?? 0,
                    headers: occurrence["response_headers"] as? [String: [String]] ?? [:],
                    bodyFile: file)
            }
        }
    }

    /// The recorded `uri` of the first occurrence answered by `file`.
    static func recordedURI(of file: String, method: String = "GET") throws -> String? {
        try occurrences().first { $0.bodyFile == file && $0.method == method }?.uri
    }

    /// A recorded URI as a request: its path under `/api/` and its query decoded in order.
    static func request(fromRecorded uri: String, method: WebserviceMethod = .get) -> WebserviceRequest? {
        guard let components = URLComponents(string: uri), let range = components.percentEncodedPath.range(of: "/api/") else { return nil }
        let path = components.percentEncodedPath[range.upperBound...].split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        let query = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair -> WebserviceRequest.QueryItem in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return WebserviceRequest.QueryItem(name: parts[0], value: parts.count > 1 ? parts[1] : "")
        }
        return WebserviceRequest(method: method, path: path, query: query)
    }
}
