import Hummingbird
import NIOCore

/// A failure on a screen: an HTML page with the message and a way back, not JSON.
struct ScreenError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let html: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
