import Hummingbird

/// A failure the client caused or must wait out, which ``PromisedErrorMiddleware`` answers in the
/// promised form: `{"error": {"code", "message"}}` under `/api/`, an HTML page elsewhere.
package protocol PublicFailure: Error {
    var status: HTTPResponse.Status { get }
    /// A stable, machine-readable name (`busy`, `too_long`).
    var code: String { get }
    /// What went wrong and what to do, for a person.
    var message: String { get }
    /// Headers the answer needs besides its body (`Retry-After` on a 503).
    var headers: HTTPFields { get }
}

extension PublicFailure {
    package var headers: HTTPFields { [:] }
}

/// A request field or parameter longer than Bottega accepts; 400 rather than a slow query or a
/// 500 from a database's pattern limit.
package struct FieldTooLong: PublicFailure {
    package init(field: String, limit: Int) {
        self.field = field
        self.limit = limit
    }

    package let field: String
    package let limit: Int

    package var status: HTTPResponse.Status { .badRequest }
    package var code: String { "too_long" }
    package var message: String { "“\(field)” is longer than \(limit) characters; shorten it." }

    /// `value` when it is at most `limit` characters long.
    package static func check(_ value: String, field: String, limit: Int) throws(FieldTooLong) -> String {
        guard value.count <= limit else { throw FieldTooLong(field: field, limit: limit) }
        return value
    }
}
