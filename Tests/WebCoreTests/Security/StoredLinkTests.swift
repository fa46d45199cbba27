@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import ScholarKit
import Testing

/// Issue 36, item 9: a publication whose ArticleURL was `javascript:alert(1)` (any list can be
/// imported) was offered as "Open the publication".
@Suite struct StoredLinkTests {
    static let scripts = [
        "javascript:alert(1)", "JAVASCRIPT:alert(document.cookie)", " javascript:alert(1)", "\tjavascript:alert(1)",
        "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd",
        "//evil.example/", "http:alert(1)", "https://exa mple.org/", "https://example.org/\u{0000}", "",
    ]

    @Test(arguments: scripts)
    func anythingButAnHTTPAddressIsNoLink(text: String) {
        #expect(StoredLink.href(text) == nil)
    }

    @Test func httpAddressesAreLinksAsTheyAre() {
        #expect(StoredLink.href("https://doi.org/10.1111/j.1538-4632.1979.tb00695.x") == "https://doi.org/10.1111/j.1538-4632.1979.tb00695.x")
        #expect(StoredLink.href("HTTP://Example.org/a?b=c") == "HTTP://Example.org/a?b=c")
        #expect(StoredLink.href("  https://example.org/\n") == "https://example.org/")
        #expect(StoredLink.href(nil) == nil)
    }

    @Test func theDetailScreenOffersNoScriptLink() async throws {
        try await withWebApp { client, workspace in
            let urls = ["javascript:alert(1)", "JAVASCRIPT:alert(2)", " javascript:alert(3)", "data:text/html,x", "https://example.org/paper"]
            let searchID = try workspace.store(FetchedSearch(publications: urls.enumerated().map { index, url in
                Publication(title: "Paper \(index)", authors: ["A Author"], year: 2000, citations: 10 - index, articleURL: url, citesURL: url)
            }), parameters: SearchParameters(source: .file, fileName: "links.csv")).searchID
            let stored = try workspace.open(searchID, options: MetricsOptions(referenceYear: 2026)).publications
            for item in stored {
                let page = try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(item.id)", method: .get)
                #expect(page.status == .ok)
                let safe = item.publication.articleURL == "https://example.org/paper"
                #expect(page.text.contains("Open the publication") == safe, "\(item.publication.articleURL ?? "")")
                #expect(page.text.contains("Citing papers") == safe)
                #expect(!page.text.lowercased().contains("href=\"javascript") && !page.text.contains("href=\" javascript") && !page.text.contains("href=\"data:"))
            }
        }
    }
}
