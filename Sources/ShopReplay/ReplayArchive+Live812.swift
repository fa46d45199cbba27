import Foundation

extension ReplayArchive {
    /// The PrestaShop 8.1.2 live recording (`ps-8.1.2-live`, its SOURCES.md): a manifest of one
    /// entry per exchange with `method`, `uri` (path and query on the recorded host), `status`,
    /// `response_headers` and `response_body_file`. Every GET and HEAD is kept, errors included;
    /// the writes (`setup/`, `flows/`) are left to the emulator, which is seeded from the records
    /// those flows read back.
    public static func live812(folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let entries: [LiveEntry]
        do {
            entries = try JSONDecoder().decode([LiveEntry].self, from: Data(contentsOf: manifestURL))
        } catch {
            throw .unreadable(path: manifestURL.path, reason: "\(error)")
        }
        var recordings: [ReplayRecording] = []
        var writes: [ReplayWrite] = []
        var outdatedReads: [ReplayWrite] = []
        var versions: [String: Int] = [:]
        for (sequence, entry) in entries.enumerated() where entry.method != "GET" && entry.method != "HEAD" {
            guard (200..<300).contains(entry.status), let components = URLComponents(string: entry.uri),
                let key = ReplayKey(method: entry.method, uriPath: components.percentEncodedPath, rawQuery: components.percentEncodedQuery)
            else { continue }
            let body = try entry.response_body_file.map { file throws(ReplayArchiveError) in try readFile(folder.appendingPathComponent(file)) }
            writes.append(ReplayWrite(method: key.method, path: key.path, body: body, sequence: sequence))
        }
        for (sequence, entry) in entries.enumerated() where entry.method == "GET" && entry.status == 200 {
            guard let components = URLComponents(string: entry.uri),
                let key = ReplayKey(method: entry.method, uriPath: components.percentEncodedPath, rawQuery: components.percentEncodedQuery),
                key.path.split(separator: "/").count == 2, key.query.contains(where: { $0.name == "display" && $0.value.hasPrefix("[") }),
                let file = entry.response_body_file, file.hasSuffix(".xml")
            else { continue }
            // A read of some fields of a record is its state at that moment too (order 9's
            // current_state after the recorded order_histories POST).
            writes.append(ReplayWrite(method: ReplayWrite.fieldsRead, path: key.path, body: try readFile(folder.appendingPathComponent(file)), sequence: sequence))
        }
        writes.sort { $0.sequence < $1.sequence }
        for (sequence, entry) in entries.enumerated() where entry.method == "GET" || entry.method == "HEAD" {
            let body = try entry.response_body_file.map { file throws(ReplayArchiveError) in try readFile(folder.appendingPathComponent(file)) }
            guard let components = URLComponents(string: entry.uri),
                let key = ReplayKey(method: entry.method, uriPath: components.percentEncodedPath, rawQuery: components.percentEncodedQuery)
            else { throw .unreadable(path: manifestURL.path, reason: "the URI \(entry.uri) of \(entry.name) has no /api/ path") }
            var headers: [(name: String, value: String)] = []
            for (name, values) in entry.response_headers.sorted(by: { $0.key < $1.key }) {
                guard !liveTransportHeaders.contains(name.lowercased()) else { continue }
                for value in values { headers.append((name: name, value: value)) }
            }
            if let version = entry.response_headers["PSWS-Version"]?.first, version != "0" { versions[version, default: 0] += 1 }
            let recording = ReplayRecording(
                key: key, status: entry.status, headers: headers, body: entry.method == "HEAD" ? nil : body,
                source: entry.response_body_file ?? entry.name, sequence: sequence)
            // A read older than a recorded write of what it shows is not the recorded shop's
            // state: the emulator answers it from the record as written.
            guard !ReplayWrite.outdates(recording, writes: writes) else {
                // Still the record as it was then: the base later writes apply to.
                if entry.method == "GET", entry.status == 200, key.query.isEmpty, key.path.split(separator: "/").count == 2, let body {
                    outdatedReads.append(ReplayWrite(method: ReplayWrite.recordRead, path: key.path, body: body, sequence: sequence))
                }
                continue
            }
            recordings.append(recording)
        }
        writes = (writes + outdatedReads).sorted { $0.sequence < $1.sequence }
        let version = versions.max { $0.value < $1.value }?.key ?? "8.1.2"
        // The recording wrote between its reads (setup/ activated carriers 3 and 4 after reading
        // them inactive): of a request read twice, the latest answer is the shop's state.
        return ReplayArchive(
            name: "ps-8.1.2 live", recordings: recordings.reversed(), version: version, linkBase: "http://127.0.0.1:8080/api/", recordedWrites: writes)
    }

    /// Whether `folder` holds the 8.1.2 manifest (entries with a `method`) rather than the OCA
    /// cassettes' (entries with `occurrences`).
    static func isLiveManifest(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
            let first = list.first
        else { return false }
        return first["method"] is String && first["occurrences"] == nil
    }

    /// Transport headers are the replay server's own business; cookies were removed by the
    /// recorder, and `Content-Sha1`/`Access-Time` are remade per answer.
    private static let liveTransportHeaders: Set<String> = [
        "connection", "keep-alive", "content-length", "set-cookie", "transfer-encoding", "date", "server", "access-time", "execution-time",
    ]

    static func readFile(_ url: URL) throws(ReplayArchiveError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
    }

    private struct LiveEntry: Decodable {
        let name: String
        let method: String
        let uri: String
        let status: Int
        let response_headers: [String: [String]]
        let response_body_file: String?
    }
}
