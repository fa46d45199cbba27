@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ScholarKit
import Testing
import TestSupport

/// Issue 36, items 1 and 2 end to end: what a stored input costs later is bounded. The 931-byte
/// macro chain is refused with its line and the limit, and the server goes on answering; a search
/// holding a million-character title (stored by an earlier version, before the import limits)
/// shows its publications and duplicate suggestions (it used to abort the server: "failed to allocate").
@Suite struct StoredInputCostTests {
    static let macroChain = "@string{a0=\"x\"}\n" + (1...39).map { "@string{a\($0)=a\($0 - 1) # a\($0 - 1)}\n" }.joined()
        + "@article{k,title=a39,author={A B},year={2000}}\n"

    @Test func theMacroChainIsRefusedWithItsLineAndTheServerStaysUp() async throws {
        try await withWebApp { client, workspace in
            let (headers, body) = multipartBody(field: "file", filename: "s.bib", bytes: Array(Self.macroChain.utf8))
            try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("s.bib:18") && response.text.contains("65,536 bytes"), "\(response.text.prefix(2000))")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
            }
            #expect(try workspace.history().isEmpty)
        }
    }

    @Test func aMillionCharacterTitleGetsItsSuggestions() async throws {
        let long = String(repeating: "spatial interaction ", count: 50_000)   // 1,000,000 characters
        try await withWebApp(prepare: { workspace in
            let publications = [
                Publication(title: long, authors: ["W Tobler"], year: 1990, citations: 1),
                Publication(title: long + "again", authors: ["WR Tobler"], year: 1990, citations: 2),
                Publication(title: "Cellular geography", authors: ["W Tobler"], year: 1979, citations: 3),
            ]
            _ = try workspace.store(FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: "long.csv"))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/duplicates", method: .get) { response in
                #expect(response.status == .ok)
                // The two long titles agree on their first 512 characters: one suggestion.
                let json = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                #expect((json?["suggestions"] as? [Any])?.count == 1, "\(response.text.prefix(500))")
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
