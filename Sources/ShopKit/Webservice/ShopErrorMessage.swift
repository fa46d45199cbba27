import Foundation
import Markup

/// One `<error>` of a webservice error document: the shop's internal code (87 "Id(s) not
/// exists", 93 "not writable"…) and its message (API-NOTES §3).
public struct ShopErrorMessage: Sendable, Equatable, CustomStringConvertible {
    /// nil when the shop sent a message without a numeric code.
    public let code: Int?
    public let message: String

    public init(code: Int?, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { code.map { "[\($0)] \(message)" } ?? message }

    /// The `<code>`/`<message>` pairs of an XML (`<prestashop><errors><error>…`) or JSON
    /// (`{"errors":[{"code":87,"message":"…"}]}`) error body; empty when the body is neither
    /// (a plain-text 401, an HTML page, nothing).
    public static func parse(_ body: [UInt8]) -> [ShopErrorMessage] {
        guard let first = body.first(where: { !Self.isSpace($0) }) else { return [] }
        if first == UInt8(ascii: "{") { return parseJSON(body) }
        if first == UInt8(ascii: "<") { return parseXML(body) }
        return []
    }

    private static func parseXML(_ body: [UInt8]) -> [ShopErrorMessage] {
        guard let document = try? MarkupDocument.xml(body),
            let errors = try? document.select("/prestashop/errors/error")
        else { return [] }
        return errors.compactMap { error in
            // The re-indented fixtures have whitespace around the CDATA (SOURCES.md §2).
            let code = (try? error.first("code"))?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let message = (try? error.first("message"))?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            else { return nil }
            return ShopErrorMessage(code: code.flatMap { Int($0) }, message: message)
        }
    }

    private static func parseJSON(_ body: [UInt8]) -> [ShopErrorMessage] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let errors = object["errors"] as? [[String: Any]]
        else { return [] }
        return errors.compactMap { error in
            guard let message = error["message"] as? String else { return nil }
            let code = (error["code"] as? Int) ?? (error["code"] as? String).flatMap { Int($0) }
            return ShopErrorMessage(code: code, message: message)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
