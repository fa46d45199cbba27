/// The replay server's mutable state: the write emulator, the injected faults and the extra
/// answers a test registered (an image, for instance, which no recording holds).
actor ReplayState {
    private var emulator: ShopEmulator
    private var faults: [String: ReplayFault] = [:]
    private var stubs: [ReplayKey: ReplayRecording] = [:]
    private(set) var log: [ReplayLoggedRequest] = []

    init(archive: ReplayArchive) { emulator = ShopEmulator(archive: archive) }

    func inject(_ fault: ReplayFault, at path: String) { faults[Self.normalised(path)] = fault }

    func removeFaults() { faults.removeAll() }

    func fault(for path: String) -> ReplayFault? { faults[Self.normalised(path)] }

    func stub(_ recording: ReplayRecording) { stubs[recording.key] = recording }

    func stubbed(_ key: ReplayKey) -> ReplayRecording? { stubs[key] }

    func record(_ request: ReplayLoggedRequest) { log.append(request) }

    func clearLog() { log.removeAll() }

    func unrecordedRead(method: String, path: String, query: [ReplayQuery.Pair]) -> ShopEmulator.Answer? {
        emulator.unrecordedRead(method: method, path: path, query: query)
    }

    func emulate(method: String, path: String, query: [ReplayQuery.Pair], body: [UInt8]) -> ShopEmulator.Answer? {
        emulator.handle(method: method, path: path, query: query, body: body)
    }

    private static func normalised(_ path: String) -> String {
        ReplayKey(method: "GET", path: path, query: []).path
    }
}

/// One request the replay server received, after the key check: what tests assert to count
/// requests or to see which were sent.
public struct ReplayLoggedRequest: Sendable, Hashable, CustomStringConvertible {
    /// The effective method (`ps_method` applied).
    public let method: String
    /// The path after `/api/`, e.g. `products/1`.
    public let path: String
    /// The decoded query without `ws_key` and `ps_method`, sorted.
    public let query: [ReplayQuery.Pair]
    /// How the server answered.
    public let status: Int

    public var description: String { "\(ReplayKey(method: method, path: path, query: query)) → \(status)" }
}
