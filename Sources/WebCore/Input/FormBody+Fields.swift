import Hummingbird

extension FormBody {
    /// Every field of a posted form by name (the last value wins for a repeated name), for
    /// forms whose fields are listed by the screen rather than by a `Decodable` type.
    package static func fields(from request: Request) async throws -> [String: String] {
        fields(in: try await text(from: request))
    }

    package static func fields(in text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            guard let name = parts.first, !name.isEmpty else { continue }
            fields[name] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
