/// One `<error>` of a webservice error document: the shop's internal code (87 "Id(s) not
/// exists", 93 "not writable"…) and its message (API-NOTES §3).
public struct ShopErrorMessage: Sendable, Hashable, CustomStringConvertible {
    /// nil when the shop sent a message without a numeric code.
    public let code: Int?
    public let message: String

    public init(code: Int?, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { code.map { "[\($0)] \(message)" } ?? message }

    /// The `<code>`/`<message>` pairs of an XML (`<prestashop><errors><error>…`) or JSON
    /// (`{"errors":[{"code":87,"message":"…"}]}`) error body, read by the document readers;
    /// empty when the body is anything else (a plain-text 401, an HTML page, a record, nothing).
    public static func parse(_ body: [UInt8]) -> [ShopErrorMessage] {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return [] }
        do throws(DocumentError) {
            if first == UInt8(ascii: "{") {
                _ = try WebserviceDocument(json: body)
            } else if first == UInt8(ascii: "<") {
                _ = try WebserviceDocument(xml: body)
            }
        } catch .shopErrors(let errors) {
            return errors
        } catch {
            return []
        }
        return []
    }
}
