import Hummingbird
import NIOCore

/// An HTML page as a response.
struct HTML: ResponseGenerator {
    let text: String
    var status: HTTPResponse.Status = .ok

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// A redirect after a form post (POST/redirect/GET), so reloading never repeats the action.
func seeOther(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}
