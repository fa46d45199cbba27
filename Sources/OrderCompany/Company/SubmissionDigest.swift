import Crypto
import Foundation
import OrderKit

/// What tells a repeated send of an order from a different order under the same idempotency
/// key: the SHA-256 of the submission as the API reads it (``OrderSubmission/encoder``: sorted
/// keys, ISO 8601 dates), in lowercase hex. Stored with the received order; a send whose digest
/// differs is refused (`CompanyError.idempotencyKeyReused`), as the IETF's Idempotency-Key draft
/// answers a key reused with another payload (draft-ietf-httpapi-idempotency-key-header §2.7).
public enum SubmissionDigest {
    ///
    /// The order's `state` and `companyNumber` are left out: they are the agent's bookkeeping of
    /// the sending itself (draft, then waiting after a lost answer, then sent with the number),
    /// and change between the attempts of one order that must all be answered as duplicates.
    public static func of(_ submission: OrderSubmission) throws -> String {
        var canonical = submission
        canonical.order.state = .draft
        canonical.order.companyNumber = nil
        return SHA256.hash(data: try OrderSubmission.encoder.encode(canonical)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether a send under a stored order's key repeats it: throws
    /// `CompanyError.idempotencyKeyReused` when the digests differ. An order stored before digests
    /// were kept (`stored` nil) is answered as a duplicate, as it always was.
    public static func requireRepeat(of stored: String?, sent: String, key: String) throws {
        if let stored, stored != sent { throw CompanyError.idempotencyKeyReused(key) }
    }
}
