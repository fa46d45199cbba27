@testable import WebCore
import WebTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 23: every answer carries a Content-Security-Policy, nosniff, a same-origin referrer
/// policy and a ban on framing; before, none did.
@Suite struct SecurityHeadersTests {
    static let expected: [(HTTPField.Name, String)] = [
        (HTTPField.Name("Content-Security-Policy")!, "frame-ancestors 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "same-origin"),
    ]

    @Test func pagesAPIFilesAndErrorsAllCarryTheHeaders() async throws {
        try await withBottegaApp { client, _ in
            let requests: [(String, HTTPRequest.Method)] = [
                ("/", .get), ("/scholar", .get), ("/barcodes", .get), ("/tickets/provinces", .get), ("/orders", .get), ("/shop", .get),
                ("/api/scholar/searches", .get), ("/static/bottega.css", .get), ("/no/such/page", .get), ("/api/no/such", .get),
                ("/scholar/history", .delete), ("/api/tickets/purchases", .post),
            ]
            for (uri, method) in requests {
                let response = try await client.execute(uri: uri, method: method)
                for (name, value) in Self.expected {
                    #expect(response.headers[name]?.contains(value) == true, "\(method) \(uri) → \(response.status.code): \(name) is \(response.headers[name] ?? "missing")")
                }
            }
        }
    }

    @Test func thePolicyAllowsNoInlineScriptOrStyle() async throws {
        try await withBottegaApp { client, _ in
            let policy = try #require(try await client.execute(uri: "/", method: .get).headers[HTTPField.Name("Content-Security-Policy")!])
            #expect(policy.contains("default-src 'self'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        }
    }

    /// The policy holds only while no template needs inline code: this keeps it that way.
    @Test func noTemplateHasAnInlineScriptStyleOrEventHandler() throws {
        // Every web module's templates: WebCore's layout, each app's screens, the home screen.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL })
        let mustache = files.filter { $0.pathExtension == "mustache" && $0.path.contains("/Resources/templates/") }
        #expect(mustache.count > 40)
        for file in mustache {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            #expect(text.range(of: #"<script(?![^>]*\bsrc=)"#, options: .regularExpression) == nil, "\(name) has an inline script")
            #expect(text.range(of: #"\sstyle="#, options: .regularExpression) == nil && !text.contains("<style"), "\(name) has an inline style")
            #expect(text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(name) has an inline event handler")
            #expect(!text.contains("javascript:"), "\(name) has a javascript: link")
        }
    }
}
