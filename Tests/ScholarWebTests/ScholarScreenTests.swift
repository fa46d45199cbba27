@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ScholarKit
import Testing

@Suite struct ScholarScreenTests {
    let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    @Test func test_theHomeScreenListsTheAppsAndSaysWhichAreNotBuilt() async throws {
        try await withWebApp { client, _ in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                for app in ["/scholar", "/barcodes", "/tickets", "/orders", "/shop"] {
                    #expect(response.text.contains("href=\"\(app)\""))
                }
                // All five apps are built.
                #expect(!response.text.contains("not built yet"))
            }
            try await client.execute(uri: "/static/bottega.css", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func test_aSearchFormWithoutAnAuthorIsShownAgainWithTheReason() async throws {
        try await withWebApp { client, _ in
            try await client.execute(uri: "/scholar/search", method: .post, headers: formHeaders, body: ByteBuffer(string: "form=1&source=openalex&author=")) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("needs the author"))
                #expect(response.text.contains("<form"))
            }
        }
    }

    @Test func test_publicationsShowStatusesAndTickingOutMovesARowToExcluded() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("h-index"))
                #expect(response.text.contains("tobler.csv"))
            }
            let first = try #require(try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024)).publications.first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications", method: .get) { response in
                #expect(response.text.contains("status-hCore"))
                #expect(!response.text.contains(">Excluded<"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(first)/exclude", method: .post) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.hasPrefix("/scholar/searches/\(searchID)/publications") == true)
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications", method: .get) { response in
                #expect(response.text.contains(">Excluded<"))
                #expect(response.text.contains("/publications/\(first)/include"))
            }
            try await client.execute(uri: "/scholar/searches/999/publications", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func test_historyListsSearchesAndDeletingRemovesOne() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/history", method: .get) { response in
                #expect(response.text.contains("/scholar/searches/\(searchID)"))
                #expect(response.text.contains("★"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/delete", method: .post) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try workspace.history().isEmpty)
        }
    }
}

@Suite struct ScholarProgressScreenTests {
    @Test func test_aSearchFromTheFormShowsItsProgressWithTheFormDisabledThenTheFailure() async throws {
        // Nothing answers on port 9: the search fails, and says why.
        try await withWebApp { client, _ in
            var progress = ""
            try await client.execute(uri: "/scholar/search", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "form=1&source=scholar&author=Waldo+Tobler&nameFilter=on")) { response in
                #expect(response.status == .seeOther)
                progress = try #require(response.headers[.location])
            }
            #expect(progress.hasPrefix("/scholar/progress/"))
            try await client.execute(uri: progress, method: .get) { response in
                #expect(response.text.contains("<fieldset disabled>"))
                #expect(response.text.contains("value=\"Waldo Tobler\""))
            }
            try await client.execute(uri: progress + "/events", method: .get) { response in
                #expect(response.text.contains("event: failed"))
            }
            try await client.execute(uri: progress, method: .get) { response in
                #expect(response.text.contains("role=\"alert\""))
                #expect(!response.text.contains("Cancel</button>"))
            }
            try await client.execute(uri: "/scholar/progress/00000000-0000-0000-0000-000000000000", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
