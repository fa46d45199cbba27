import Foundation
import Hummingbird
import NIOCore

/// Reads an API request's JSON body; anything else is a 400 that says what was wrong.
package enum JSONInput {
    /// `textLimit` bounds every string in the body (``InputLimits/textField`` unless a route
    /// takes whole documents).
    package static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: WebRequestContext, textLimit: Int = InputLimits.textField
    ) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: InputLimits.jsonBody)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "too_large", "The JSON body is larger than \(InputLimits.jsonBody / 1024) KB; send less.")
        }
        // A body no longer than the limit in bytes holds no string longer than it in characters:
        // only a longer one is parsed twice.
        if buffer.readableBytes > textLimit,
           let parsed = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView), options: [.fragmentsAllowed]),
           let field = InputLimits.overlongField(inJSON: parsed, limit: textLimit) {
            throw APIError(.badRequest, "too_long", "“\(field)” is longer than \(textLimit) characters; shorten it.")
        }
        var request = request
        request.body = .init(buffer: buffer)
        do {
            return try await request.decode(as: T.self, context: context)
        } catch {
            throw APIError(.badRequest, "malformed_json", "The request body is not the JSON this endpoint takes: \(error)")
        }
    }
}

extension APIError {
    /// A Kit's error phrase ("not yours", "bad signature") as an API code ("not_yours").
    package static func code(_ phrase: String) -> String {
        phrase.replacingOccurrences(of: " ", with: "_")
    }
}
