import Foundation

extension LocalServer {
    /// One request as the server received it.
    public struct Request: Sendable, CustomStringConvertible {
        public let method: String
        /// The path and query exactly as sent.
        public let uri: String
        /// Header fields in the order they arrived, names as sent (`Host` is ``authority``).
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]
        public let at: ContinuousClock.Instant
        /// How many requests for this URI the server had received, this one included.
        public let countForURI: Int
        /// The `Host` header, which HTTP types keep apart from the other fields.
        public var authority: String?

        public var path: String { String(uri.prefix { $0 != "?" }) }

        /// The query exactly as sent, still percent-encoded ("" when there is none).
        public var rawQuery: String { uri.firstIndex(of: "?").map { String(uri[uri.index(after: $0)...]) } ?? "" }

        /// Query parameters, percent-decoded; a repeated name keeps its last value.
        public var query: [String: String] {
            var query: [String: String] = [:]
            for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                query[name] = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            }
            return query
        }

        /// The first value of a header, its name compared without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        public var userAgent: String? { header("User-Agent") }

        public var description: String { "\(method) \(uri)" }
    }

    /// What the server answers.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        /// Waited before answering, to provoke timeouts.
        public var delay: Duration

        public init(status: Int = 200, headers: [String: String] = [:], body: String = "", delay: Duration = .zero) {
            self.init(status: status, headers: headers, bytes: Array(body.utf8), delay: delay)
        }

        public init(status: Int = 200, headers: [String: String] = [:], bytes: [UInt8], delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = bytes
            self.delay = delay
        }

        /// A file's bytes, or a 404 saying which file is missing.
        public static func file(_ url: URL, headers: [String: String] = [:]) -> Reply {
            guard let data = try? Data(contentsOf: url) else { return Reply(status: 404, body: "no fixture \(url.path)") }
            return Reply(headers: headers, bytes: Array(data))
        }

        /// A JSON body.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            json(Data(text.utf8), status: status, headers: headers)
        }

        /// JSON bytes, e.g. a fixture file read with `SharedFixtures.data`.
        public static func json(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: headers.merging(["content-type": "application/json"]) { own, _ in own }, bytes: Array(data))
        }

        /// An HTML body (a saved Scholar page).
        public static func html(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: headers.merging(["content-type": "text/html; charset=utf-8"]) { own, _ in own }, bytes: Array(data))
        }

        /// A status with a short plain-text body.
        public static func status(_ status: Int, _ text: String = "", headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: headers.merging(["content-type": "text/plain"]) { own, _ in own }, body: text)
        }
    }
}
