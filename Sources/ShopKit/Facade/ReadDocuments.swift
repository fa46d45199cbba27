import Foundation
import Memo

/// The documents lately read from GET answers, each kept with the request and the answer's exact
/// bytes. A storefront asks the same lists again and again and the cache below answers with the
/// same bytes, yet reading the XML anew was 59 % of a category screen's time (issue 44's
/// profile). A kept document is served only for the same request and byte-for-byte the same
/// answer, so a changed record is always read again.
final class ReadDocuments: Sendable {
    private struct Kept: Sendable {
        let body: [UInt8]
        let document: WebserviceDocument
    }

    static let capacity = 64
    private let kept = RecentlyUsed<WebserviceRequest, Kept>(capacity: capacity)

    /// The document of `body`, the answer to `request`: the kept one, or `read()`'s.
    func document(
        for request: WebserviceRequest, body: [UInt8], read: () throws(DocumentError) -> WebserviceDocument
    ) throws(DocumentError) -> WebserviceDocument {
        guard request.method == .get else { return try read() }
        if let kept = kept.value(for: request), kept.body == body { return kept.document }
        let document = try read()
        kept.keep(Kept(body: body, document: document), for: request)
        return document
    }

    var count: Int { kept.count }
}
