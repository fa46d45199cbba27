import Hummingbird

/// Reads a posted form (`application/x-www-form-urlencoded`).
enum FormBody {
    /// Forms are small; a larger body is refused rather than read into memory.
    static let limit = 64 * 1024

    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer = try await request.body.collect(upTo: limit)
        let text = String(buffer: buffer)
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: text)
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read: \(error)")
        }
    }
}
