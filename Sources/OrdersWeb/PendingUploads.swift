import Foundation
import OrderCompany
import OrderKit
import WebCore

/// Uploaded sheets waiting for the back office's "Apply" after their preview: kept for 15
/// minutes, at most 20 at once (the oldest goes first), in an ``UploadPreviewStore`` — the
/// database, so a file previewed on one server behind a balancer is applied on another.
struct PendingUploads: Sendable {
    struct Upload: Sendable, Codable {
        let company: String
        let kind: MasterDataKind
        let isWholeList: Bool
        /// The supplier chosen for a price list without a supplier column.
        let supplier: String?
        let bytes: [UInt8]
        let storedAt: Date
    }

    static let lifetime: TimeInterval = 15 * 60
    static let capacity = 20

    let store: any UploadPreviewStore

    init(store: any UploadPreviewStore = MemoryUploadPreviewStore()) {
        self.store = store
    }

    /// Keeps `upload` and returns its token.
    func keep(_ upload: Upload) async throws -> String {
        let token = UUID().uuidString
        try await store.keepPreview(
            token: token, owner: upload.company, payload: try JSONEncoder().encode(upload), at: upload.storedAt,
            expiredBefore: upload.storedAt.addingTimeInterval(-Self.lifetime), capacity: Self.capacity)
        return token
    }

    /// The upload, once: applying it removes it.
    func take(_ token: String, company: String, now: Date = Date()) async throws -> Upload? {
        guard let payload = try await store.takePreview(token: token, owner: company, expiredBefore: now.addingTimeInterval(-Self.lifetime)) else {
            return nil
        }
        return try JSONDecoder().decode(Upload.self, from: payload)
    }
}
