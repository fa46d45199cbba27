import Hummingbird

/// Reads an API request's JSON body; anything else is a 400 that says what was wrong.
enum JSONInput {
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: WebRequestContext) async throws -> T {
        do {
            return try await request.decode(as: T.self, context: context)
        } catch {
            throw APIError(.badRequest, "malformed_json", "The request body is not the JSON this endpoint takes: \(error)")
        }
    }
}

extension APIError {
    /// A Kit's error phrase ("not yours", "bad signature") as an API code ("not_yours").
    static func code(_ phrase: String) -> String {
        phrase.replacingOccurrences(of: " ", with: "_")
    }
}
