import Hummingbird
import NIOCore

/// An HTML page as a response.
package struct HTML: ResponseGenerator {
    package init(text: String, status: HTTPResponse.Status = .ok) {
        self.text = text
        self.status = status
    }

    package let text: String
    package var status: HTTPResponse.Status = .ok

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// A redirect after a form post (POST/redirect/GET), so reloading never repeats the action.
package func seeOther(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}
