import WebTestSupport
import Foundation
import HummingbirdTesting
import Testing
import WebCore

/// The agent's app installs for use without a network (issue 42): its worker keeps the
/// account's master data and orders (their JSON twins), never the company's back office, and
/// the order screens link it.
struct OrdersOfflineAppTests {
    @Test func theAgentsWorkerKeepsTheMasterDataAndNeverTheBackOffice() async throws {
        try await withBottegaApp(singleUser: false) { client, _ in
            let worker = try await client.execute(uri: "/orders/service-worker.js", method: .get)
            #expect(worker.status == .ok && worker.headers[.cacheControl] == "no-cache")
            #expect(!worker.text.contains("__BOTTEGA_"))
            for path in ["/api/orders/customers", "/api/orders/suppliers", "/api/orders/products", "/api/orders/discounts", "/api/orders/orders"] {
                #expect(worker.text.contains("\"\(path)\""), "\(path) is kept at once")
            }
            #expect(worker.text.contains("const PRIVATE_EXCEPT = [\"/orders/business\",\"/api/orders/business\"]"))
            // What it keeps at installation answers before anyone has logged in.
            let notice = try await client.execute(uri: "/orders/offline", method: .get)
            #expect(notice.status == .ok && notice.text.contains("No network"))
            #expect(notice.headers[OfflineCopyMiddleware.header] == nil)

            var ada = CookieJar()
            try await TestAccounts.signUp(client, "ada", jar: &ada)
            let history = try await client.execute(uri: "/orders", method: .get, headers: ada.header)
            #expect(history.text.contains("data-worker=\"/orders/service-worker.js\" data-scope=\"/orders/\""))
            let customers = try await client.execute(uri: "/api/orders/customers", method: .get, headers: ada.header)
            #expect(customers.status == .ok && customers.headers[OfflineCopyMiddleware.header]?.hasPrefix("account-") == true)
            // The order page on the device names the account its copies are kept under, which its
            // queue sends with each order; another account's page names another.
            let device = try await client.execute(uri: "/orders/device", method: .get, headers: ada.header)
            let named = device.text.firstMatch(of: /data-account="(account-\d+)"/)?.output.1.description
            #expect(named != nil && named == customers.headers[OfflineCopyMiddleware.header])
            var bob = CookieJar()
            try await TestAccounts.signUp(client, "bob", jar: &bob)
            let bobs = try await client.execute(uri: "/orders/device", method: .get, headers: bob.header)
            let bobNamed = bobs.text.firstMatch(of: /data-account="(account-\d+)"/)?.output.1.description
            #expect(bobNamed != nil && bobNamed != named)
            // The worker runs the queue too, to send it by Background Sync.
            #expect(worker.text.contains("importScripts(...[\"/static/orders/device-queue.js\"])"))
            // A visitor is sent to log in: nothing of theirs is marked for keeping.
            let visitor = try await client.execute(uri: "/api/orders/customers", method: .get)
            #expect(visitor.status == .unauthorized && visitor.headers[OfflineCopyMiddleware.header] == nil)
        }
    }
}

/// The order taken on the device: its page, and its browser modules, each naming the Kit rule
/// it mirrors.
struct DeviceOrderPageTests {
    @Test func thePageLoadsTheModuleAndSaysWhatItNeedsWithoutJavaScript() async throws {
        try await withBottegaApp { client, _ in
            let page = try await client.execute(uri: "/orders/device", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("<script src=\"/static/orders/device-queue.js\"></script>\n<script type=\"module\" src=\"/static/orders/device-order.js\"></script>"))
            #expect(page.text.contains("<noscript>") && page.text.contains("href=\"/orders\""))
            #expect(page.headers[OfflineCopyMiddleware.header] == "account-1", "the single user's page is kept for use offline")
            let history = try await client.execute(uri: "/orders", method: .get)
            #expect(history.text.contains("href=\"/orders/device\""))
            for (file, rule) in [("device-order.js", "Mirrors OrderKit"), ("totals.js", "Mirrors OrderKit's pricing"), ("discounts.js", "Mirrors OrderKit's `DiscountResolution.applicable`"), ("device-queue.js", "Mirrors no Kit rule")] {
                let module = try await client.execute(uri: "/static/orders/\(file)", method: .get)
                #expect(module.status == .ok && module.text.contains(rule), "\(file)")
            }
            let worker = try await client.execute(uri: "/orders/service-worker.js", method: .get)
            #expect(worker.text.contains("\"/static/orders/device-order.js\"") && worker.text.contains("\"/orders/device\""))
        }
    }
}
