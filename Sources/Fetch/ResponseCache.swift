import Crypto
import Foundation

/// Responses on disk, one pair of files per URL: `<sha256>.body` and `<sha256>.json` (the
/// metadata, written last, so an entry without it is incomplete and ignored).
///
/// Stale entries stay until evicted: offline mode answers from them. The size cap evicts
/// the oldest entries first after each store.
final class ResponseCache: Sendable {
    let directory: URL
    let sizeLimit: Int
    private let evictionLock = NSLock()

    private struct Metadata: Codable {
        var url: String
        var finalURL: String
        var status: Int
        var headers: [String: String]
        var fetchedAt: Date
    }

    init(directory: URL, sizeLimit: Int) {
        self.directory = directory
        self.sizeLimit = sizeLimit
    }

    /// `key` is the request's URL without its secrets (`CacheKey`); the response returned
    /// carries `url`, the URL actually asked for.
    func lookup(_ key: String, url: String) -> FetchResponse? {
        let (metadataFile, bodyFile) = files(for: key)
        guard let data = try? Data(contentsOf: metadataFile),
              let metadata = try? JSONDecoder().decode(Metadata.self, from: data),
              metadata.url == key,
              let body = try? Data(contentsOf: bodyFile) else { return nil }
        return FetchResponse(
            url: url, finalURL: metadata.finalURL, status: metadata.status, headers: metadata.headers,
            body: Array(body), fetchedAt: metadata.fetchedAt, fromCache: true
        )
    }

    /// Stores a response; a cache that cannot be written is reported, never fatal to the fetch.
    func store(_ response: FetchResponse, key: String, finalKey: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (metadataFile, bodyFile) = files(for: key)
        let metadata = Metadata(
            url: key, finalURL: finalKey, status: response.status,
            headers: response.headers, fetchedAt: response.fetchedAt
        )
        try Data(response.body).write(to: bodyFile, options: .atomic)
        try JSONEncoder().encode(metadata).write(to: metadataFile, options: .atomic)
        evictOldest()
    }

    /// Removes the oldest entries until the cache fits its size cap.
    func evictOldest() {
        evictionLock.withLock {
            let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
            guard let names = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: Array(keys)) else { return }
            var entries: [String: (size: Int, modified: Date)] = [:]
            for file in names {
                let stem = file.deletingPathExtension().lastPathComponent
                let values = try? file.resourceValues(forKeys: keys)
                let size = values?.fileSize ?? 0
                let modified = values?.contentModificationDate ?? .distantPast
                let previous = entries[stem]
                entries[stem] = ((previous?.size ?? 0) + size, max(previous?.modified ?? .distantPast, modified))
            }
            var total = entries.values.reduce(0) { $0 + $1.size }
            for (stem, entry) in entries.sorted(by: { $0.value.modified < $1.value.modified }) where total > sizeLimit {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(stem + ".json"))
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(stem + ".body"))
                total -= entry.size
            }
        }
    }

    private func files(for url: String) -> (metadata: URL, body: URL) {
        let digest = SHA256.hash(data: Data(url.utf8)).map { String(format: "%02x", $0) }.joined()
        return (directory.appendingPathComponent(digest + ".json"), directory.appendingPathComponent(digest + ".body"))
    }
}

/// The URL a response is cached under: the request's URL without query parameters that are
/// secrets (an API key), so that no key is written to disk and changing keys keeps the cache.
enum CacheKey {
    static func of(_ url: String, removing secrets: Set<String>) -> String {
        guard !secrets.isEmpty, var components = URLComponents(string: url), let items = components.queryItems else { return url }
        let kept = items.filter { !secrets.contains($0.name) }
        guard kept.count != items.count else { return url }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? url
    }
}
