import Foundation
import Synchronization

/// Where uploads wait between their preview and the "Apply" that confirms them. In the database
/// (``SQLiteSharedState``, PostgreSQL) a file previewed on one server behind a balancer is
/// applied on another, and survives a restart within its lifetime.
package protocol UploadPreviewStore: Sendable {
    /// Keeps `payload` under `token` for `owner`. Forgets previews kept before `expiredBefore`,
    /// and beyond `capacity` previews the oldest, so uploads cannot fill the database.
    func keepPreview(token: String, owner: String, payload: Data, at storedAt: Date, expiredBefore: Date, capacity: Int) async throws
    /// The payload, once (taking it removes it); nil when the token is unknown, was kept before
    /// `expiredBefore`, or is another owner's.
    func takePreview(token: String, owner: String, expiredBefore: Date) async throws -> Data?
}

/// Previews in this process only: for tests and programs without a database.
package final class MemoryUploadPreviewStore: UploadPreviewStore {
    private struct Preview {
        let owner: String
        let payload: Data
        let storedAt: Date
    }

    private let previews = Mutex<[String: Preview]>([:])

    package init() {}

    package func keepPreview(token: String, owner: String, payload: Data, at storedAt: Date, expiredBefore: Date, capacity: Int) async throws {
        previews.withLock { previews in
            previews = previews.filter { $0.value.storedAt > expiredBefore }
            while previews.count >= capacity, let oldest = previews.min(by: { $0.value.storedAt < $1.value.storedAt })?.key {
                previews[oldest] = nil
            }
            previews[token] = Preview(owner: owner, payload: payload, storedAt: storedAt)
        }
    }

    package func takePreview(token: String, owner: String, expiredBefore: Date) async throws -> Data? {
        previews.withLock { previews in
            guard let preview = previews[token], preview.owner == owner, preview.storedAt > expiredBefore else { return nil }
            previews[token] = nil
            return preview.payload
        }
    }
}
