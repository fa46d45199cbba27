/// How far the parsing of a sync response has got: shown to the agent while a large sync is
/// read (the thesis's progress bar).
public struct SyncProgress: Sendable, Hashable {
    /// Lines read so far, blank ones included.
    public let linesParsed: Int
    /// Lines in the response.
    public let totalLines: Int

    public init(linesParsed: Int, totalLines: Int) {
        self.linesParsed = linesParsed
        self.totalLines = totalLines
    }

    /// 0…1; 1 for an empty response.
    public var fraction: Double { totalLines == 0 ? 1 : Double(linesParsed) / Double(totalLines) }
}
