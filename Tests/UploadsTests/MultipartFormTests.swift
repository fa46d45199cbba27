import NIOCore
import Testing
import Uploads

/// The multipart reader takes every Content-Type and body a client can send: what it cannot read
/// is an error naming why, never a trap (MultipartKit's parser traps on an empty boundary).
struct MultipartFormTests {
    static func form(boundary: String, field: String = "image", bytes: String = "PNG-bytes", closed: Bool = true) -> ByteBuffer {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\(bytes)\r\n"
        if closed { text += "--\(boundary)--\r\n" }
        return ByteBuffer(string: text)
    }

    @Test func aBrowsersFormGivesItsFileField() throws {
        let boundary = try MultipartForm.boundary(in: "multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW")
        #expect(boundary == "----WebKitFormBoundary7MA4YWxkTrZu0gW")
        let file = try #require(try MultipartForm.file(named: "image", in: Self.form(boundary: boundary), boundary: boundary))
        #expect(String(buffer: file) == "PNG-bytes")
    }

    @Test func aQuotedBoundaryIsUnquoted() throws {
        #expect(try MultipartForm.boundary(in: #"multipart/form-data; charset=utf-8; BOUNDARY="a b:c""#) == "a b:c")
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=\"\"", MultipartFormError.invalidBoundary("it is empty")),
        ("multipart/form-data; boundary=", .invalidBoundary("it is empty")),
        ("multipart/form-data", .noBoundary),
        ("multipart/form-data; charset=utf-8", .noBoundary),
    ])
    func anEmptyOrMissingBoundaryIsAnError(contentType: String, expected: MultipartFormError) {
        #expect(throws: expected) { try MultipartForm.boundary(in: contentType) }
    }

    @Test func aBoundaryOutsideRFC2046IsRefused() {
        #expect(throws: MultipartFormError.self) { try MultipartForm.boundary(in: "multipart/form-data; boundary=\"abc") }
        #expect(throws: MultipartFormError.self) { try MultipartForm.boundary(in: "multipart/form-data; boundary=\(String(repeating: "x", count: 71))") }
        #expect(throws: MultipartFormError.self) { try MultipartForm.boundary(in: "multipart/form-data; boundary=\"ends with space \"") }
        #expect(throws: MultipartFormError.self) { try MultipartForm.boundary(in: "multipart/form-data; boundary=semi{colon}") }
        #expect(throws: MultipartFormError.self) { try MultipartForm.file(named: "image", in: ByteBuffer(string: "x"), boundary: "") }
    }

    @Test func aBodyCutShortIsRefusedNotReadInPart() {
        let cut = Self.form(boundary: "b0undary", closed: false)
        #expect(throws: MultipartFormError.self) { try MultipartForm.file(named: "image", in: cut, boundary: "b0undary") }
        #expect(throws: MultipartFormError.self) { try MultipartForm.file(named: "image", in: ByteBuffer(string: "x"), boundary: "b0undary") }
    }

    @Test func anotherFieldIsNil() throws {
        #expect(try MultipartForm.file(named: "file", in: Self.form(boundary: "b0undary"), boundary: "b0undary") == nil)
    }

    /// Found by Fuzz/'s MultipartFuzzer: MultipartKit 4.7.1 traps ("Index out of range") on a
    /// byte above 127 in a part's header name.
    @Test(arguments: [
        "--abc\r\nContent-Dispositio\u{CA}n: form-data; name=\"image\"\nContent-Type: image/png\n\r\nx\r\n--abc--\r\n",
        "--abc\r\n\u{E9}: x\r\n\r\ndata\r\n--abc--\r\n",
    ])
    func aHeaderNameOutsideASCIIIsAnErrorNotATrap(body: String) {
        #expect(throws: MultipartFormError.self) { try MultipartForm.file(named: "image", in: ByteBuffer(string: body), boundary: "abc") }
    }

    @Test func aFileNameInUTF8IsRead() throws {
        let body = "--abc\r\nContent-Disposition: form-data; name=\"image\"; filename=\"fotò.png\"\r\n\r\nPNG\r\n--abc--\r\n"
        let file = try #require(try MultipartForm.file(named: "image", in: ByteBuffer(string: body), boundary: "abc"))
        #expect(String(buffer: file) == "PNG")
    }
}
