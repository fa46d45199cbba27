import Hummingbird
import NIOCore

/// A failure on a screen: an HTML page with the message and a way back, not JSON.
package struct ScreenError: Error, HTTPResponseError {
    package init(status: HTTPResponse.Status, html: String) {
        self.status = status
        self.html = html
    }

    package let status: HTTPResponse.Status
    package let html: String

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
