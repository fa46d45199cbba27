import Foundation

/// The documents lately read from GET answers, each kept with the request and the answer's exact
/// bytes. A storefront asks the same lists again and again and the cache below answers with the
/// same bytes, yet reading the XML anew was 59 % of a category screen's time (issue 44's
/// profile). A kept document is served only for the same request and byte-for-byte the same
/// answer, so a changed record is always read again.
final class ReadDocuments: @unchecked Sendable {
    private struct Entry {
        let request: WebserviceRequest
        let body: [UInt8]
        let document: WebserviceDocument
    }

    static let capacity = 64
    private let lock = NSLock()
    private var entries: [Entry] = []

    /// The document of `body`, the answer to `request`: the kept one, or `read()`'s.
    func document(
        for request: WebserviceRequest, body: [UInt8], read: () throws(DocumentError) -> WebserviceDocument
    ) throws(DocumentError) -> WebserviceDocument {
        guard request.method == .get else { return try read() }
        if let kept = lock.withLock({ entries.last { $0.request == request && $0.body == body }?.document }) { return kept }
        let document = try read()
        lock.withLock {
            entries.removeAll { $0.request == request }
            entries.append(Entry(request: request, body: body, document: document))
            if entries.count > Self.capacity { entries.removeFirst() }
        }
        return document
    }

    var count: Int { lock.withLock { entries.count } }
}
