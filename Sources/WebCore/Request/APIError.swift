import Foundation
import Hummingbird
import NIOCore

/// An error of the JSON API: `{"error": {"code": "...", "message": "..."}}` with a 4xx/5xx status,
/// and `"fields"` naming every input that was wrong when a form's fields are checked together.
package struct APIError: Error, HTTPResponseError {
    package let status: HTTPResponse.Status
    package let code: String
    package let message: String
    package let fields: [String]?

    package init(_ status: HTTPResponse.Status, _ code: String, _ message: String, fields: [String]? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
    }

    private struct Body: Encodable {
        struct Detail: Encodable { let code: String; let message: String; let fields: [String]? }
        let error: Detail
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Body(error: .init(code: code, message: message, fields: fields)))
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
