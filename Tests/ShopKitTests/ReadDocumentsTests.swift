import Testing
@testable import ShopKit

/// Issue 44: a GET answer read once is not read again while its bytes are the same; any other
/// answer, or a write, is always read.
@Suite struct ReadDocumentsTests {
    static let hummingbird = Array("<prestashop><product><id>1</id><price>19.12</price></product></prestashop>".utf8)
    static let repriced = Array("<prestashop><product><id>1</id><price>23.90</price></product></prestashop>".utf8)

    @Test func theSameAnswerIsReadOnceAndAChangedOneAgain() throws {
        let documents = ReadDocuments()
        var reads = 0
        func read(_ body: [UInt8], for request: WebserviceRequest = .get("products", id: 1)) throws -> WebserviceDocument {
            try documents.document(for: request, body: body) { () throws(DocumentError) in
                reads += 1
                return try WebserviceDocument(xml: body)
            }
        }
        let first = try read(Self.hummingbird)
        #expect(try read(Self.hummingbird) == first)
        #expect(reads == 1)

        let changed = try read(Self.repriced)
        #expect(reads == 2 && changed != first)
        #expect(try WebserviceDocument(xml: Self.repriced) == changed)
        // The changed answer replaced the old one for that request.
        #expect(documents.count == 1)

        _ = try read(Self.hummingbird, for: .get("products", id: 2))
        #expect(reads == 3 && documents.count == 2)
    }

    @Test func aWriteIsAlwaysRead() throws {
        let documents = ReadDocuments()
        var reads = 0
        let request = WebserviceRequest.create("products", xml: Self.hummingbird)
        for _ in 0..<2 {
            _ = try documents.document(for: request, body: Self.hummingbird) { () throws(DocumentError) in
                reads += 1
                return try WebserviceDocument(xml: Self.hummingbird)
            }
        }
        #expect(reads == 2 && documents.count == 0)
    }
}
