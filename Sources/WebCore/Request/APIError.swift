import Foundation
import Hummingbird
import NIOCore

/// An error of the JSON API: `{"error": {"code": "...", "message": "..."}}` with a 4xx/5xx status.
package struct APIError: Error, HTTPResponseError {
    package let status: HTTPResponse.Status
    package let code: String
    package let message: String

    package init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    private struct Body: Encodable {
        struct Detail: Encodable { let code: String; let message: String }
        let error: Detail
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Body(error: .init(code: code, message: message)))
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
