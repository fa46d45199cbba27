import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// An app the browser keeps for use without a network (issue 42), as the thesis apps kept their
/// data on the phone: its web app manifest and its service worker, served under the app's own
/// path (`/tickets/service-worker.js`), so the worker's scope is that app and nothing wider.
///
/// The worker is WebCore's `static/service-worker.js`, filled in for the app: its paths, what
/// it must never keep, its shell, the answers to keep at once (an agent's master data), and
/// `__BOTTEGA_VERSION__`, a digest of the app's browser files and the shared ones: a release
/// that changes any of them is a new worker, which drops the old caches.
package struct OfflineApp: Sendable {
    /// What the worker of one app is told.
    package struct Worker: Sendable {
        /// `tickets`: names the app's caches.
        package var app: String
        /// The app's pages and API, e.g. `/tickets` and `/api/tickets`.
        package var paths: [String]
        /// Paths under them never kept (an admin's pages).
        package var notKept: [String] = []
        /// Public files kept at installation; the "not saved" page among them.
        package var shell: [String]
        /// Answers kept as soon as the worker runs and whenever a page opens online.
        package var warm: [String] = []
        package var offlinePage: String
        /// The app's scripts the worker runs too (`importScripts`), e.g. a queue it sends by
        /// Background Sync.
        package var imports: [String]

        package init(
            app: String, paths: [String], notKept: [String] = [], shell: [String], warm: [String] = [], offlinePage: String, imports: [String] = []
        ) {
            (self.app, self.paths, self.notKept, self.shell, self.warm, self.offlinePage) = (app, paths, notKept, shell, warm, offlinePage)
            self.imports = imports
        }
    }

    /// The app's path, `/tickets`: the worker's scope is `/tickets/`.
    package let path: String
    package let name: String
    package let shortName: String
    /// Where the installed app opens.
    package let startURL: String
    package let version: String
    private let workerSource: String

    /// What the shared layout links from every screen of the app.
    package struct Links: Sendable, Encodable {
        package let manifest: String
        package let worker: String
        package let scope: String
    }

    package var links: Links { Links(manifest: "\(path)/manifest.webmanifest", worker: "\(path)/service-worker.js", scope: "\(path)/") }

    /// `nil` when the resources are missing (a build without them).
    package init?(path: String, name: String, shortName: String, startURL: String, app: WebModuleResources, worker: Worker) {
        guard let core = WebModuleResources.core.folder?.appendingPathComponent("static"),
            let source = try? String(contentsOf: core.appendingPathComponent("service-worker.js"), encoding: .utf8)
        else { return nil }
        var folders = [core]
        if let own = app.folder?.appendingPathComponent("static/\(worker.app)") { folders.append(own) }
        version = Self.digest(of: folders)
        (self.path, self.name, self.shortName, self.startURL) = (path, name, shortName, startURL)
        let list = { (items: [String]) in
            String(decoding: (try? JSONSerialization.data(withJSONObject: items, options: [.withoutEscapingSlashes])) ?? Data("[]".utf8), as: UTF8.self)
        }
        workerSource = source
            .replacingOccurrences(of: "__BOTTEGA_VERSION__", with: version)
            .replacingOccurrences(of: "__BOTTEGA_APP__", with: worker.app)
            .replacingOccurrences(of: "__BOTTEGA_PATHS__", with: list(worker.paths))
            .replacingOccurrences(of: "__BOTTEGA_NOT_KEPT__", with: list(worker.notKept))
            .replacingOccurrences(of: "__BOTTEGA_SHELL__", with: list(worker.shell))
            .replacingOccurrences(of: "__BOTTEGA_WARM__", with: list(worker.warm))
            .replacingOccurrences(of: "__BOTTEGA_OFFLINE_PAGE__", with: worker.offlinePage)
            .replacingOccurrences(of: "__BOTTEGA_IMPORTS__", with: list(worker.imports))
    }

    package func register(on router: Router<WebRequestContext>) {
        let worker = workerSource
        router.get("\(path)/service-worker.js") { _, _ in
            // Never from the HTTP cache: the browser must see a new release at once.
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: worker)))
        }
        let manifest = manifestJSON()
        router.get("\(path)/manifest.webmanifest") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: manifest)))
        }
    }

    private func manifestJSON() -> String {
        let manifest: [String: Any] = [
            "name": name, "short_name": shortName, "start_url": startURL, "scope": "\(path)/", "display": "standalone",
            "background_color": "#ffffff", "theme_color": "#1f4e79",
            "icons": [["src": "/static/bottega-icon.svg", "sizes": "any", "type": "image/svg+xml"]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// SHA-256 over the files' names and contents, in name order: the release's version.
    static func digest(of folders: [URL]) -> String {
        var hash = SHA256()
        for folder in folders {
            let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path }
            for file in files {
                hash.update(data: Data(file.lastPathComponent.utf8))
                hash.update(data: (try? Data(contentsOf: file)) ?? Data())
            }
        }
        return hash.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}

/// Marks the answers a service worker may keep a copy of: those for an account (a signed-in
/// one, or the single user's), with `Bottega-Offline-Copy` naming it, so the worker files them
/// under that account and drops another's. A visitor who is not logged in, on a server with
/// accounts, gets no mark, and nothing private is kept for them.
package struct OfflineCopyMiddleware: RouterMiddleware {
    package typealias Context = WebRequestContext
    let accounts: any Accounts

    package init(accounts: any Accounts) { self.accounts = accounts }

    package static let header = HTTPField.Name("Bottega-Offline-Copy")!

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if request.method == .get, (200..<300).contains(response.status.code), let account = try? accounts.currentAccount(request) {
            response.headers[Self.header] = "account-\(account.id)"
        }
        return response
    }
}

/// What logging out sends: the browser drops the site's caches, its stored data (the service
/// workers' copies, IndexedDB) and the workers themselves, so the next person on a shared
/// device finds nothing of the account.
package enum OfflineCopies {
    package static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
    package static let clearing = "\"cache\", \"storage\""
}
