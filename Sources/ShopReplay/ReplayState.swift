/// The replay server's mutable state: the write emulator, the injected faults and the extra
/// answers a test registered (an image, for instance, which no recording holds).
actor ReplayState {
    private var emulator: ShopEmulator
    private var faults: [String: ReplayFault] = [:]
    private var stubs: [ReplayKey: ReplayRecording] = [:]

    init(archive: ReplayArchive) { emulator = ShopEmulator(archive: archive) }

    func inject(_ fault: ReplayFault, at path: String) { faults[Self.normalised(path)] = fault }

    func removeFaults() { faults.removeAll() }

    func fault(for path: String) -> ReplayFault? { faults[Self.normalised(path)] }

    func stub(_ recording: ReplayRecording) { stubs[recording.key] = recording }

    func stubbed(_ key: ReplayKey) -> ReplayRecording? { stubs[key] }

    func emulate(method: String, path: String, query: [ReplayQuery.Pair], body: [UInt8]) -> ShopEmulator.Answer? {
        emulator.handle(method: method, path: path, query: query, body: body)
    }

    private static func normalised(_ path: String) -> String {
        ReplayKey(method: "GET", path: path, query: []).path
    }
}
