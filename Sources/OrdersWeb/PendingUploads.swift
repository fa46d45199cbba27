import Foundation
import OrderCompany
import OrderKit
import WebCore

/// Uploaded sheets waiting for the back office's "Apply" after their preview: kept in memory
/// for 15 minutes, at most 20 at once (the oldest goes first). A server restart, or a second
/// `bottega serve` process behind a balancer, forgets them: the preview then asks to upload
/// again, which changes nothing.
actor PendingUploads {
    struct Upload: Sendable {
        let company: String
        let kind: MasterDataKind
        let isWholeList: Bool
        /// The supplier chosen for a price list without a supplier column.
        let supplier: String?
        let bytes: [UInt8]
        let storedAt: Date
    }

    private var uploads: [String: Upload] = [:]
    static let lifetime: TimeInterval = 15 * 60
    static let capacity = 20

    /// Keeps `upload` and returns its token.
    func keep(_ upload: Upload) -> String {
        forgetExpired(now: upload.storedAt)
        while uploads.count >= Self.capacity, let oldest = uploads.min(by: { $0.value.storedAt < $1.value.storedAt })?.key {
            uploads[oldest] = nil
        }
        let token = UUID().uuidString
        uploads[token] = upload
        return token
    }

    /// The upload, once: applying it removes it.
    func take(_ token: String, company: String, now: Date = Date()) -> Upload? {
        forgetExpired(now: now)
        guard let upload = uploads[token], upload.company == company else { return nil }
        uploads[token] = nil
        return upload
    }

    private func forgetExpired(now: Date) {
        uploads = uploads.filter { now.timeIntervalSince($0.value.storedAt) < Self.lifetime }
    }
}
