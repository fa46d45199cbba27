import Foundation
import FuzzerDriver
import NIOCore
import Uploads

/// Whatever Content-Type and body a client sends, reading an upload gives a file, nothing or a
/// typed MultipartFormError: never a crash, a sanitizer report or a hang. The input is one request
/// as the server sees it: up to the first newline, the Content-Type header's value (a trailing CR
/// dropped, since a header value never holds one); after it, the body, byte for byte.
///
/// The body goes through the same two calls as `UploadedFile.read`: `boundary(in:)`, then
/// `file(named:in:boundary:)` for both field names the routes read ("image" on the scan and verify
/// routes, "file" on the back office's imports). When the Content-Type gives no usable boundary,
/// the raw Content-Type line is handed to `file(named:in:boundary:)` as the boundary, so that
/// public function's own check sees every string a caller could pass, the empty one included.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: count) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    var line = bytes[..<newline]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    let contentType = String(decoding: line, as: UTF8.self)
    let body = ByteBuffer(bytes: bytes[min(newline + 1, bytes.endIndex)...])

    let boundary: String
    do throws(MultipartFormError) {
        boundary = try MultipartForm.boundary(in: contentType)
        // What `file` relies on: RFC 2046's 1 to 70 characters.
        precondition(!boundary.isEmpty && boundary.utf8.count <= 70)
    } catch {
        precondition(!error.reason.isEmpty)
        read(field: "image", body: body, boundary: contentType)
        return 0
    }
    read(field: "image", body: body, boundary: boundary)
    read(field: "file", body: body, boundary: boundary)
    return 0
}

func read(field: String, body: ByteBuffer, boundary: String) {
    do throws(MultipartFormError) {
        if let file = try MultipartForm.file(named: field, in: body, boundary: boundary) {
            // A part's body is a piece of the request's body, never more.
            precondition(file.readableBytes <= body.readableBytes)
        }
    } catch {
        precondition(!error.reason.isEmpty)
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
