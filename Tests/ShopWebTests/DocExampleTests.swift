import BottegaWeb
import Foundation
import HTTPTransport
import Markup
import ShopKit
import ShopReplay
import Testing
import URLSessionTransport
import WebTestSupport

/// The Swift examples of docs/shop-facade.md, compiled and run here: the facade on the replayed
/// PrestaShop 8.1.2 shop, and an app's login against the real Bottega server on 127.0.0.1. The
/// code between the `docs/shop-facade.md example N` markers must be the doc's Nth ```swift
/// block, character for character (indentation aside), so the doc cannot drift from code that
/// compiles and works.
@Suite(.serialized)
struct DocExampleTests {
    static let sourceFile = URL(fileURLWithPath: #filePath)
    static let doc = sourceFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/shop-facade.md")

    @Test(.enabled(if: Shop812Fixtures.present, Comment(rawValue: Shop812Fixtures.skipReason)))
    func theFacadeExampleReadsTheReplayedShop() async throws {
        // What the recording says category 3 lists, and each product's English name.
        let folder = Shop812Fixtures.folder.appendingPathComponent("responses/items")
        let category = try MarkupDocument.xml(Array(Data(contentsOf: folder.appendingPathComponent("categories/categories_3.xml"))))
        let listed = try category.select("//associations/products/product/id").map { $0.text.trimmingCharacters(in: .whitespaces) }
        let recordedNames = try listed.map { id in
            let product = try MarkupDocument.xml(Array(Data(contentsOf: folder.appendingPathComponent("products/product_\(id).xml"))))
            return try product.first("//product/name/language[@id='1']")?.text ?? ""
        }
        #expect(!recordedNames.isEmpty)
        let server = ShopReplayServer(archive: try ReplayArchive.load(folder: Shop812Fixtures.folder), keys: [ShopFixtures.key])
        try await server.run { base in
            let (shopURL, webserviceKey) = (base.absoluteString, ShopFixtures.key)
            // docs/shop-facade.md example 1 begin
            let transport = URLSessionTransport.shared
            let client = WebserviceClient(configuration: try ShopConfiguration(shop: shopURL, key: webserviceKey), transport: transport)
            let shop = ShopFacade(sender: CachingSender(client, cache: ShopCache(timeToLive: .seconds(300), maxEntries: 500)))
            let tree = try await shop.catalogue.categoryTree()
            var names: [String] = []
            for try await product in shop.catalogue.products(inCategory: 3) {  // lazy: each product is asked for when pulled
                names.append(product.name?.best(preferring: [1]) ?? "")
            }
            // docs/shop-facade.md example 1 end
            #expect(tree.children(of: 2).contains { $0.id == 3 })
            #expect(names == recordedNames)
        }
    }

    @Test(.enabled(if: ShopFixtures.present, Comment(rawValue: ShopFixtures.skipReason)))
    func theLoginExampleLogsInThroughTheServer() async throws {
        try await withShopApp(live: true) { client, _ in
            let bottegaURL = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let registered = try await Self.post(bottegaURL, "api/shop/register", [
                "firstname": "Ada", "lastname": "Lovelace", "email": "ada.doc@example.com", "password": "analytical engine", "birthday": "1815-12-10",
            ])
            #expect(registered.status == 201)
            func run(email: String, password: String) async -> String {
                var status = ""
                // docs/shop-facade.md example 2 begin
                let login = RemoteCustomerLogin(server: bottegaURL, transport: URLSessionTransport.shared)
                do {
                    let session = try await login.logIn(email: email, password: password)
                    status = "Hello, \(session.name)"
                    // Every /api/shop request made for this customer carries session.authorization.
                } catch RemoteLoginError.invalidCredentials(let message) {
                    status = message  // the server's words: "Unknown email or wrong password."
                } catch {
                    status = error.localizedDescription
                }
                // docs/shop-facade.md example 2 end
                return status
            }
            #expect(await run(email: "ada.doc@example.com", password: "analytical engine") == "Hello, Ada Lovelace")
            let wrong = try await Self.post(bottegaURL, "api/shop/login", ["email": "ada.doc@example.com", "password": "difference engine"])
            let answer = try JSONSerialization.jsonObject(with: Data(wrong.body)) as? [String: Any]
            let serverMessage = try #require((answer?["error"] as? [String: Any])?["message"] as? String)
            #expect(await run(email: "ada.doc@example.com", password: "difference engine") == serverMessage)
        }
    }

    /// A JSON POST over the real socket with a minute to answer (a password is hashed or checked,
    /// and a whole test run in parallel can make that slow).
    static func post(_ server: URL, _ path: String, _ object: [String: String]) async throws -> HTTPTransportResponse {
        try await URLSessionTransport.shared.send(HTTPTransportRequest(
            method: "POST", url: server.appendingPathComponent(path), headers: [(name: "Content-Type", value: "application/json")],
            body: Array(try JSONSerialization.data(withJSONObject: object)), timeout: .seconds(60), maximumBodyBytes: 1 << 20))
    }

    @Test func theDocShowsExactlyTheCodeTheseTestsRun() throws {
        let markdown = try String(contentsOf: Self.doc, encoding: .utf8)
        let source = try String(contentsOf: Self.sourceFile, encoding: .utf8)
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks.count == 2, "docs/shop-facade.md has \(blocks.count) swift blocks; each needs a compiled copy here")
        for (index, block) in blocks.enumerated() {
            let snippet = try #require(Self.snippet(index + 1, in: source), "no example \(index + 1) markers in \(Self.sourceFile.lastPathComponent)")
            #expect(block == snippet, "docs/shop-facade.md's swift block \(index + 1) differs from the code DocExampleTests runs")
        }
    }

    /// The bodies of the ```swift blocks, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(dedented(lines))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines between `// docs/shop-facade.md example N begin` and `… end`, without their
    /// common indentation.
    static func snippet(_ number: Int, in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let marker = "// docs/shop-facade.md example \(number) "
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == marker + "begin" }),
            let end = lines[begin...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == marker + "end" })
        else { return nil }
        return dedented(Array(lines[(begin + 1)..<end]))
    }

    static func dedented(_ lines: [Substring]) -> String {
        let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
