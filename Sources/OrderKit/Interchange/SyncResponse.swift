/// A whole answer of the thesis's `sync` request: one ``SyncLineParser`` line per record
/// change, `***` lines for the server's errors, blank lines ignored.
///
/// Every line is read and validated before anything is applied, and every bad line is
/// reported (the agent sees all of them at once, not the first). If any line is bad, or the
/// server reported an error, the whole response is refused: the store applies the commands of
/// a successful parse in one transaction, so a sync is applied completely or not at all.
public enum SyncResponse {
    /// How often `progress` is called while parsing, in lines (and once at the end).
    public static let progressInterval = 1_000

    /// The commands of `text`, in order, or every problem found in it. Lines are separated by
    /// LF or CRLF; a byte-order mark is dropped. `company` is the code being synced: a line for
    /// another company is refused.
    public static func parse(
        _ text: String, company: String, progress: (SyncProgress) -> Void = { _ in }
    ) -> Result<[SyncCommand], SyncResponseRejection> {
        let lines = InterchangeLines.split(Array(text.utf8))
        var commands: [SyncCommand] = []
        commands.reserveCapacity(lines.count)
        var badLines: [SyncLineError] = []
        var serverErrors: [SyncServerError] = []
        for (index, line) in lines.enumerated() {
            if (index + 1) % progressInterval == 0 { progress(SyncProgress(linesParsed: index + 1, totalLines: lines.count)) }
            if line.isBlank { continue }
            do {
                commands.append(try SyncLineParser.parse(bytes: line.bytes, number: line.number, company: company))
            } catch {
                if case .serverError(let message) = error.problem {
                    serverErrors.append(SyncServerError(line: line.number, message: message))
                } else {
                    badLines.append(error)
                }
            }
        }
        progress(SyncProgress(linesParsed: lines.count, totalLines: lines.count))
        guard badLines.isEmpty, serverErrors.isEmpty else {
            return .failure(SyncResponseRejection(badLines: badLines, serverErrors: serverErrors))
        }
        return .success(commands)
    }
}

/// A `***` line of a sync response: the server could not answer with data.
public struct SyncServerError: Sendable, Hashable {
    public let line: Int
    /// The text after `***`, spaces around removed.
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
