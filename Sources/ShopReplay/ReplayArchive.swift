import Foundation

/// A set of recorded answers of one shop, and what that shop is: its version (for the
/// `PSWS-Version` of answers the replay makes up) and the link base of its documents.
///
/// Four sets exist in `shared/fixtures/prestashop/` (see its SOURCES.md): the live 8.1.2 recording
/// (``live812(folder:)``), the OCA connector's
/// 1.6.1 cassettes (``ocaConnector16(folder:)``), IQ2i's 1.7.7 categories samples
/// (``iq2i177(folder:)``) and iaintshine's 1.5 samples (``iaintshine15(folder:)``).
public struct ReplayArchive: Sendable {
    public let name: String
    public let recordings: [ReplayKey: ReplayRecording]
    /// The `PSWS-Version` of made-up answers (errors, the write emulator): the most frequent
    /// recorded one.
    public let version: String
    /// `http://172.22.0.4/api/`: the link base of recorded documents, used for new records'
    /// `xlink:href` when no recorded record of the resource shows one.
    public let linkBase: String
    /// `?schema=blank` documents by resource (`carts` → its empty `<cart>`): the shape of
    /// records the emulator creates in resources no recording shows, and the resources it
    /// knows beyond the recorded ones.
    public let blankSchemas: [String: [UInt8]]
    /// The writes the recording made that the shop accepted, in recording order: the emulator
    /// seeds a record with its state after the last of them (see ``ReplayWrite``).
    public let recordedWrites: [ReplayWrite]
    /// Carts the recorded shop priced outside this recording (`ps-8.1.2-pricing`), with the
    /// totals PrestaShop stored for them: what the emulator checks an order's `total_paid` with.
    public var pricedCarts: [RecordedPricing] = []

    public init(
        name: String, recordings: [ReplayRecording], version: String, linkBase: String, blankSchemas: [String: [UInt8]] = [:],
        recordedWrites: [ReplayWrite] = []
    ) {
        self.name = name
        self.blankSchemas = blankSchemas
        self.recordedWrites = recordedWrites
        var byKey: [ReplayKey: ReplayRecording] = [:]
        // The same request recorded twice keeps its first success: the recorded 401 of
        // `HEAD /api/` was a bad key, which the server's own key check reproduces.
        for recording in recordings {
            if let kept = byKey[recording.key], (200..<300).contains(kept.status) || !(200..<300).contains(recording.status) { continue }
            byKey[recording.key] = recording
        }
        self.recordings = byKey
        self.version = version
        self.linkBase = linkBase
    }

    /// The set in `folder`, recognised by its files: a `manifest.json` (the 8.1.2 live recording
    /// or the OCA cassettes, told apart by their entries),
    /// `response/list_categories.xml` (IQ2i) or `api_root.xml` (iaintshine).
    ///
    /// The blank schemas of the PrestaShop docs beside it (`../docs-1.7.x_PrestaShop-docs/blank-schemas`),
    /// when present, give the shapes of resources no recording shows (carts, specific prices…).
    public static func load(folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let has = { (file: String) in FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) }
        let archive: ReplayArchive
        if has("manifest.json"), isLiveManifest(folder.appendingPathComponent("manifest.json")) {
            archive = try live812(folder: folder)
        } else if has("manifest.json") {
            archive = try ocaConnector16(folder: folder)
        } else if has("response/list_categories.xml") {
            archive = try iq2i177(folder: folder)
        } else if has("api_root.xml") {
            archive = try iaintshine15(folder: folder)
        } else {
            throw .unreadable(path: folder.path, reason: "no manifest.json, response/list_categories.xml or api_root.xml there")
        }
        var loaded = archive
        let pricing = folder.deletingLastPathComponent().appendingPathComponent("ps-8.1.2-pricing/scenarios.json")
        if loaded.version.hasPrefix("8.1"), FileManager.default.fileExists(atPath: pricing.path) {
            loaded.pricedCarts = try RecordedPricing.scenarios(pricing)
        }
        let schemas = folder.deletingLastPathComponent().appendingPathComponent("docs-1.7.x_PrestaShop-docs/blank-schemas")
        guard FileManager.default.fileExists(atPath: schemas.path) else { return loaded }
        var withSchemas = try loaded.addingBlankSchemas(from: schemas)
        withSchemas.pricedCarts = loaded.pricedCarts
        return withSchemas
    }

    /// This archive with the `<resource>.xml` blank schemas of `folder`. The docs name the
    /// CMS resource's file `content_management_system.xml`; its path is `content_management_system`.
    public func addingBlankSchemas(from folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadable(path: folder.path, reason: "\(error)")
        }
        var schemas = blankSchemas
        for file in files where file.hasSuffix(".xml") {
            schemas[String(file.dropLast(4))] = try Self.read(folder.appendingPathComponent(file))
        }
        return ReplayArchive(
            name: name, recordings: Array(recordings.values), version: version, linkBase: linkBase, blankSchemas: schemas, recordedWrites: recordedWrites)
    }

    /// The OCA connector-prestashop cassettes (PrestaShop 1.6.1.6 and 1.6.1.9), from their
    /// `manifest.json`: every GET and HEAD occurrence, with its recorded status and headers and
    /// the body file. The two recorded PUTs are left to the write emulator.
    public static func ocaConnector16(folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let entries: [ManifestEntry]
        do {
            entries = try JSONDecoder().decode([ManifestEntry].self, from: Data(contentsOf: manifestURL))
        } catch {
            throw .unreadable(path: manifestURL.path, reason: "\(error)")
        }
        var recordings: [ReplayRecording] = []
        var versions: [String: Int] = [:]
        var linkBase: String?
        for entry in entries {
            let body: [UInt8]?
            if let file = entry.response_body_file {
                body = try read(folder.appendingPathComponent(file))
            } else {
                body = nil
            }
            for occurrence in entry.occurrences where occurrence.method == "GET" || occurrence.method == "HEAD" {
                guard let components = URLComponents(string: occurrence.uri),
                    let key = ReplayKey(method: occurrence.method, uriPath: components.percentEncodedPath, rawQuery: components.percentEncodedQuery)
                else { throw .unreadable(path: manifestURL.path, reason: "the URI \(occurrence.uri) has no /api/ path") }
                var headers: [(name: String, value: String)] = []
                for (name, values) in occurrence.response_headers.sorted(by: { $0.key < $1.key }) {
                    // Transport headers are the replay server's own business; the cookie was
                    // removed by the recorder.
                    guard !["connection", "keep-alive", "content-length", "set-cookie", "transfer-encoding", "date"].contains(name) else { continue }
                    for value in values { headers.append((name: name, value: value)) }
                }
                if let version = occurrence.response_headers["psws-version"]?.first { versions[version, default: 0] += 1 }
                if linkBase == nil, let host = components.host {
                    linkBase = "\(components.scheme ?? "http")://\(host)\(components.port.map { ":\($0)" } ?? "")/api/"
                }
                recordings.append(ReplayRecording(
                    key: key, status: occurrence.status.code, headers: headers,
                    body: occurrence.method == "HEAD" ? nil : body, source: entry.response_body_file ?? "(no body)"))
            }
        }
        let version = versions.max { $0.value < $1.value }?.key ?? "1.6.1.6"
        return ReplayArchive(name: "ps-1.6.1 OCA connector", recordings: recordings, version: version, linkBase: linkBase ?? "http://localhost/api/")
    }

    /// IQ2i/prestashop-webservice's 1.7.7.5 categories samples. Their tests served them with
    /// `PSWS-Version: 1.7.7.5` and `X-Powered-By` only (SOURCES.md §2); the reads are the list
    /// and the synopsis schema. The write samples are what the emulator must reproduce.
    public static func iq2i177(folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let headers = [(name: "PSWS-Version", value: "1.7.7.5"), (name: "X-Powered-By", value: "PrestaShop Webservice")]
        let reads: [(String, [ReplayQuery.Pair], String)] = [
            ("categories", [], "response/list_categories.xml"),
            ("categories", [ReplayQuery.Pair(name: "schema", value: "synopsis")], "response/schema_categories.xml"),
        ]
        var recordings: [ReplayRecording] = []
        for (path, query, file) in reads {
            let body = try read(folder.appendingPathComponent(file))
            recordings.append(ReplayRecording(key: ReplayKey(method: "GET", path: path, query: query), status: 200, headers: headers, body: body, source: file))
            recordings.append(ReplayRecording(key: ReplayKey(method: "HEAD", path: path, query: query), status: 200, headers: headers, body: nil, source: file))
        }
        return ReplayArchive(name: "ps-1.7.7 IQ2i", recordings: recordings, version: "1.7.7.5", linkBase: "http://localhost:8080/api/")
    }

    /// iaintshine/presta_shop's 1.5 samples: the API root and the shops list and record, with
    /// the `PSWS-Version: 1.5.0.0` its tests mocked (SOURCES.md §3). The files' leading blank
    /// line is served as found.
    public static func iaintshine15(folder: URL) throws(ReplayArchiveError) -> ReplayArchive {
        let headers = [(name: "PSWS-Version", value: "1.5.0.0"), (name: "Content-Type", value: "text/xml;charset=utf-8")]
        let reads = [("", "api_root.xml"), ("shops", "api_shops.xml"), ("shops/1", "api_shops_1.xml")]
        var recordings: [ReplayRecording] = []
        for (path, file) in reads {
            let body = try read(folder.appendingPathComponent(file))
            recordings.append(ReplayRecording(key: ReplayKey(method: "GET", path: path, query: []), status: 200, headers: headers, body: body, source: file))
            recordings.append(ReplayRecording(key: ReplayKey(method: "HEAD", path: path, query: []), status: 200, headers: headers, body: nil, source: file))
        }
        return ReplayArchive(name: "ps-1.5 iaintshine", recordings: recordings, version: "1.5.0.0", linkBase: "http://presta/shop/api/")
    }

    private static func read(_ url: URL) throws(ReplayArchiveError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
    }

    private struct ManifestEntry: Decodable {
        let response_body_file: String?
        let occurrences: [Occurrence]
    }

    private struct Occurrence: Decodable {
        let method: String
        let uri: String
        let status: Status
        let response_headers: [String: [String]]
    }

    private struct Status: Decodable {
        let code: Int
    }
}

/// A recording set that cannot be loaded.
public enum ReplayArchiveError: Error, Sendable, Equatable, LocalizedError {
    case unreadable(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the recorded shop at \(path): \(reason). Point it at a folder of shared/fixtures/prestashop"
        }
    }
}
