import Foundation
import HTTPClientTransport
import TestSupport
import Markup
import ShopKit
import Testing

/// A real HTTP server on 127.0.0.1 that keeps every request whole (``LocalServer``), a
/// facade speaking to it, and answers built from the recorded files: for the calls whose
/// exact URL the recordings lack (uploads, `display=full` lists with a filter, paged lists).
enum ExtrasFixtures {
    static let responses = ReplayFixtures.oca.appendingPathComponent("responses")
    /// The shared barcode photos (zxing-cpp samples, ../shared/fixtures/barcodes/SOURCES.md).
    static let barcodes = ReplayFixtures.root.appendingPathComponent("../barcodes").standardized
    static let barcodesAvailable = FileManager.default.fileExists(atPath: barcodes.appendingPathComponent("SOURCES.md").path)

    /// The headers of the recorded 1.6.1 answers that matter to the client.
    static let xmlHeaders = ["Content-Type": "text/xml;charset=utf-8", "PSWS-Version": "1.6.1.9"]

    static func withServer(
        _ reply: @escaping @Sendable (LocalServer.Request) -> LocalServer.Reply,
        _ body: @Sendable (LocalServer, ShopFacade) async throws -> Void
    ) async throws {
        let server = LocalServer(reply: reply)
        try await server.run { base in
            let configuration = try ShopConfiguration(shop: base.absoluteString, key: ReplayFixtures.key)
            try await body(server, ShopFacade(sender: WebserviceClient(configuration: configuration, transport: AsyncHTTPClientTransport.shared)))
        }
    }

    static func response(_ file: String) throws -> String {
        String(decoding: try ReplayFixtures.bytes(responses, file), as: UTF8.self)
    }

    /// The `<element>…</element>` record of a recorded single-record answer, as sent.
    static func record(_ file: String, element: String) throws -> String {
        let text = try response(file)
        guard let start = text.range(of: "<\(element)>"), let end = text.range(of: "</\(element)>", options: .backwards) else {
            throw FixtureError("no <\(element)> record in \(file)")
        }
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// A full list as the webservice answers `display=full` (API-NOTES §5): the records of
    /// recorded single-record answers, unchanged, inside the plural wrapper.
    static func fullList(_ wrapper: String, element: String, files: [String]) throws -> [UInt8] {
        let records = try files.map { try record($0, element: element) }
        return Array(Self.document("<\(wrapper)>\n" + records.joined(separator: "\n") + "\n</\(wrapper)>").utf8)
    }

    static func document(_ inner: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<prestashop xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n\(inner)\n</prestashop>\n"
    }

    /// The recorded order state ids, in the order the shop listed them.
    static func orderStateIDs() throws -> [Int] {
        let bytes = try ReplayFixtures.bytes(responses, "get_order_states__limit_0_1000.xml")
        return try MarkupDocument.xml(bytes).select("//order_states/order_state").compactMap { $0.attribute("id").flatMap { Int($0) } }
    }

    /// `limit=offset,count` of a request URI, decoded.
    static func limit(of uri: String) -> (offset: Int, count: Int)? {
        guard let query = URLComponents(string: uri)?.queryItems, let value = query.first(where: { $0.name == "limit" })?.value else { return nil }
        let parts = value.split(separator: ",").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
