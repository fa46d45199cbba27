import Foundation

/// Why a sync response was refused as a whole: every bad line with its number, and every
/// error the server reported in `***` lines. Nothing of the response was applied.
public struct SyncResponseRejection: Error, LocalizedError, Sendable, Hashable {
    /// In line order.
    public let badLines: [SyncLineError]
    /// In line order.
    public let serverErrors: [SyncServerError]

    public init(badLines: [SyncLineError], serverErrors: [SyncServerError]) {
        self.badLines = badLines
        self.serverErrors = serverErrors
    }

    /// `sync.response.serverError` when the server reported an error (its data cannot be
    /// trusted to be complete), otherwise `sync.response.badLines`.
    public var code: String { serverErrors.isEmpty ? "sync.response.badLines" : "sync.response.serverError" }

    /// The message names this many bad lines; `badLines` has them all.
    static let linesShown = 20

    public var errorDescription: String? {
        var parts: [String] = []
        if !serverErrors.isEmpty {
            parts.append("The company's server reported " + (serverErrors.count == 1 ? "an error" : "\(serverErrors.count) errors") + ": "
                + serverErrors.map { "line \($0.line): \($0.message)" }.joined(separator: "; ") + ".")
        }
        if !badLines.isEmpty {
            let shown = badLines.prefix(Self.linesShown).compactMap(\.errorDescription).joined(separator: " ")
            let more = badLines.count > Self.linesShown ? " … and \(badLines.count - Self.linesShown) more." : ""
            parts.append("\(badLines.count) line" + (badLines.count == 1 ? " is" : "s are") + " not valid: " + shown + more)
        }
        parts.append("Nothing was changed; sync again, or ask the company to correct its data.")
        return parts.joined(separator: " ")
    }
}
