/// Where a master-data record came from. The agent edits their own records; records the
/// company synced are read-only on the agent's side (the thesis: the company's data wins).
public enum RecordOrigin: Sendable, Hashable, Codable {
    /// Typed in by the agent (or imported from a `||` file).
    case local
    /// Delivered by the company's sync: the company's code and its record id.
    case synced(company: String, remoteID: String)

    public var isReadOnly: Bool {
        if case .synced = self { true } else { false }
    }
}
