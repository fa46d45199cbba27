import Foundation
import Hummingbird

/// Reads a posted form (`application/x-www-form-urlencoded`).
package enum FormBody {
    /// Forms are small; a larger body is refused rather than read into memory.
    package static let limit = 64 * 1024

    package static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let text = try await text(from: request)
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: text)
        } catch {
            throw HTTPError(.badRequest, message: "The form could not be read: \(error)")
        }
    }
}

extension FormBody {
    /// The form's text, at most ``limit`` bytes (413 beyond) with no field over
    /// ``InputLimits/textField`` characters (400 naming it).
    package static func text(from request: Request) async throws -> String {
        let text = String(buffer: try await request.body.collect(upTo: limit))
        try checkFieldLengths(text)
        return text
    }

    /// Refuses a form with a field longer than ``InputLimits/textField``, naming the field.
    package static func checkFieldLengths(_ text: String) throws(FieldTooLong) {
        for pair in text.split(separator: "&") where pair.count > InputLimits.textField {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[1].count > InputLimits.textField else { continue }
            let name = String(parts[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[0])
            // %XX escapes count three characters each: measure the decoded value.
            let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[1])
            guard value.count > InputLimits.textField else { continue }
            throw FieldTooLong(field: String(name.prefix(60)), limit: InputLimits.textField)
        }
    }

    /// Every value of a repeated field (`publications=3&publications=7`), as checkboxes send them.
    package static func values(named name: String, from request: Request) async throws -> [String] {
        values(named: name, in: try await text(from: request))
    }

    package static func values(named name: String, in text: String) -> [String] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            guard parts.first == name || parts.first == name + "[]" else { return nil }
            return parts.count > 1 ? parts[1] : ""
        }
    }
}
