import WebTestSupport
import Foundation
import HummingbirdTesting
import Testing
import WebCore

/// The Tickets app installs for use without a network (issue 42): its worker and manifest under
/// `/tickets`, pages linking them, copies marked for the account only, and logging out clearing
/// what the browser kept.
struct TicketOfflineAppTests {
    /// The worker keeps its shell on installing, before anyone logs in: on a server where
    /// everyone logs in, each file must answer a visitor, and none is an account's. The
    /// inspector's page and the operators' public keys are among them, for checking offline.
    @Test func theShellAnswersAVisitorAndHoldsTheInspectorsCheck() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            let worker = try await client.execute(uri: "/tickets/service-worker.js", method: .get)
            let list = try #require(worker.text.firstMatch(of: /const SHELL_FILES = (\[[^\]]*\])/)?.output.1)
            let shell = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String])
            for file in ["/tickets/verify", "/static/tickets/inspector.js", "/static/tickets/verify-ticket.js", "/api/tickets/public-keys"] {
                #expect(shell.contains(file), "\(file) is kept with the app")
            }
            for file in shell {
                let answer = try await client.execute(uri: file, method: .get)
                #expect(answer.status == .ok, "\(file) answers a visitor")
                #expect(answer.headers[OfflineCopyMiddleware.header] == nil, "\(file) is nobody's")
            }
            let page = try await client.execute(uri: "/tickets/verify", method: .get)
            #expect(page.text.contains("<form method=\"post\" action=\"/tickets/verify\" class=\"stack\" data-offline-verify>"))
            #expect(page.text.contains("<script type=\"module\" src=\"/static/tickets/inspector.js\"></script>"))
            let module = try await client.execute(uri: "/static/tickets/verify-ticket.js", method: .get)
            #expect(module.text.contains("Mirrors TicketKit's `TicketPayload.verify`"))
        }
    }

    @Test func theWorkerAndTheManifestAreServedUnderTheAppsOwnPath() async throws {
        try await withBottegaApp { client, _ in
            let worker = try await client.execute(uri: "/tickets/service-worker.js", method: .get)
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(worker.headers[.cacheControl] == "no-cache", "a new release reaches the browser at once")
            #expect(!worker.text.contains("__BOTTEGA_VERSION__"))
            let version = try #require(worker.text.firstMatch(of: /const VERSION = "([0-9a-f]{16})"/)?.output.1)
            #expect(worker.text.contains("Bottega-Offline-Copy"))
            #expect(worker.text.contains("const APP = \"tickets\"") && worker.text.contains("const PATHS = [\"/tickets\",\"/api/tickets\"]"))
            #expect(worker.text.contains("const PRIVATE_EXCEPT = [\"/tickets/admin\"]"), "the operator's admin is never kept")
            #expect(!worker.text.contains("__BOTTEGA_"), "every placeholder filled in")

            let manifest = try await client.execute(uri: "/tickets/manifest.webmanifest", method: .get)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any])
            #expect(fields["scope"] as? String == "/tickets/" && fields["start_url"] as? String == "/tickets/mine")
            let icon = try #require((fields["icons"] as? [[String: Any]])?.first?["src"] as? String)
            #expect(try await client.execute(uri: icon, method: .get).status == .ok)

            let page = try await client.execute(uri: "/tickets/mine", method: .get)
            #expect(page.text.contains("<link rel=\"manifest\" href=\"/tickets/manifest.webmanifest\">"))
            #expect(page.text.contains("src=\"/static/offline.js\" data-worker=\"/tickets/service-worker.js\" data-scope=\"/tickets/\""))
            // Every file the worker keeps on installing is there to be kept.
            for file in ["/static/bottega.css", "/static/offline.js", "/static/tickets/countdown.js", "/tickets/offline"] {
                #expect(worker.text.contains("\"\(file)\""))
                #expect(try await client.execute(uri: file, method: .get).status == .ok, "\(file)")
            }
            // Another app's screens do not install it.
            #expect(!(try await client.execute(uri: "/scholar", method: .get)).text.contains("rel=\"manifest\""))
            _ = version
        }
    }

    @Test func onlyAnAccountsAnswersAreMarkedForAnOfflineCopy() async throws {
        // The single user's server: the account is the first one.
        try await withBottegaApp { client, _ in
            let mine = try await client.execute(uri: "/tickets/mine", method: .get)
            #expect(mine.headers[OfflineCopyMiddleware.header] == "account-1")
            let api = try await client.execute(uri: "/api/tickets/provinces", method: .get)
            #expect(api.headers[OfflineCopyMiddleware.header] == "account-1")
        }
        // A server with accounts: a visitor who has not logged in gets no mark, an account its own.
        try await withBottegaApp(singleUser: false) { client, _ in
            let visitor = try await client.execute(uri: "/tickets/mine", method: .get)
            #expect(visitor.status == .ok)
            #expect(visitor.headers[OfflineCopyMiddleware.header] == nil, "nothing private is kept for a visitor")
            var ada = CookieJar(), bob = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            try await TestAccounts.signUp(client, "bob", jar: &bob)
            let adas = try await client.execute(uri: "/tickets/mine", method: .get, headers: ada.header)
            let bobs = try await client.execute(uri: "/tickets/mine", method: .get, headers: bob.header)
            let adaMark = try #require(adas.headers[OfflineCopyMiddleware.header])
            let bobMark = try #require(bobs.headers[OfflineCopyMiddleware.header])
            #expect(adaMark != bobMark, "each account's copies are kept apart")
            // The forms that make the device forget the account warn first of work it has not
            // sent (an order taken offline), with WebCore's guard.
            let profile = try await client.execute(uri: "/barcodes/profile", method: .get, headers: ada.header)
            #expect(profile.text.contains("action=\"/barcodes/logout\" data-unsent-guard=\"Log out anyway\""))
            #expect(profile.text.contains("action=\"/barcodes/profile/delete\" class=\"stack\" data-unsent-guard=\"Delete my profile anyway\""))
            #expect(profile.text.contains("<script src=\"/static/logout-guard.js\" defer></script>"))
            let guardScript = try await client.execute(uri: "/static/logout-guard.js", method: .get)
            #expect(guardScript.status == .ok && guardScript.text.contains("bottega-unsent:"))
            let queue = try await client.execute(uri: "/static/orders/device-order.js", method: .get)
            #expect(queue.text.contains("\"bottega-unsent:orders\""), "the orders' page counts what it has not sent")
            // Logging out, by the form or the API, tells the browser to drop what it kept.
            let out = try await client.execute(uri: "/barcodes/logout", method: .post, headers: ada.header)
            #expect(out.headers[OfflineCopies.clearSiteData] == "\"cache\", \"storage\"")
            let apiOut = try await client.execute(uri: "/api/barcodes/session", method: .delete, headers: bob.header)
            #expect(apiOut.headers[OfflineCopies.clearSiteData] == "\"cache\", \"storage\"")
        }
    }
}
