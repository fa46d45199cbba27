import Crypto
import LoopbackServer
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A PrestaShop webservice on 127.0.0.1 made of recorded traffic: reads are answered exactly
/// as recorded (status, headers with `PSWS-Version` and `Content-Sha1`, body bytes, the
/// recorded hosts left in `xlink:href`), writes go to ``ShopEmulator`` (a documented-behaviour
/// emulator, not PrestaShop), reads nobody recorded are made up from the emulator's records
/// (lists, `display`, filters, sort, limit), and tests can inject faults and read the request log.
///
/// Requests are matched on method, path and decoded query (order-insensitive). A request with
/// no recording gets 404 and an error document naming it. A request without a key gets the
/// dispatcher's plain-text 401; an unknown or malformed key its XML 401 (API-NOTES §2).
public final class ShopReplayServer: Sendable {
    public let archive: ReplayArchive
    /// The webservice keys the server accepts.
    public let keys: Set<String>
    let state: ReplayState
    private let logger: Logger

    public init(archive: ReplayArchive, keys: Set<String>, logger: Logger? = nil) {
        self.archive = archive
        self.keys = keys
        self.state = ReplayState(archive: archive)
        self.logger = logger ?? {
            var quiet = Logger(label: "shop-replay")
            quiet.logLevel = .critical
            return quiet
        }()
    }

    /// Makes every request to `path` (under `/api/`, e.g. `products/1`) fail this way until
    /// ``removeFaults()``.
    public func inject(_ fault: ReplayFault, at path: String) async { await state.inject(fault, at: path) }

    public func removeFaults() async { await state.removeFaults() }

    /// Every request answered since the start (or ``clearRequests()``), in order: after the key
    /// check, so refused keys are not listed.
    public func requests() async -> [ReplayLoggedRequest] { await state.log }

    public func clearRequests() async { await state.clearLog() }

    /// Sends a write straight to the emulator, as a POST/PUT/PATCH/DELETE over HTTP would:
    /// for tests and demos that need records the recordings lack (a discount, a CMS page).
    public func write(_ method: String, _ path: String, xml: String) async -> (status: Int, body: [UInt8]) {
        let key = ReplayKey(method: method, path: path, query: [])
        let answer = await state.emulate(method: key.method, path: key.path, query: [], body: Array(xml.utf8))
        return (answer?.status ?? 405, answer?.body ?? ReplayXMLWriter.errors([(code: 101, message: "\(method) \(path) is not a write the emulator takes")]))
    }

    /// Answers `method path` (any query) with these bytes: for images, which no recording has.
    public func stub(method: String = "GET", path: String, status: Int = 200, headers: [(name: String, value: String)], body: [UInt8]) async {
        let key = ReplayKey(method: method, path: path, query: [])
        await state.stub(ReplayRecording(key: key, status: status, headers: headers, body: body, source: "stub"))
    }

    /// The Hummingbird application, for `bottega serve --shop-replay DIR` and the tests.
    public func application(host: String = "127.0.0.1", port: Int = 0, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in try await self.respond(to: request) }
        return Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Runs the server on a free port of 127.0.0.1 for the duration of `body`, passing the
    /// shop's base URL (`http://127.0.0.1:PORT/`). It answers on threads of its own, as the
    /// remote shop it stands in for would (`DedicatedExecutor`).
    public func run<Result: Sendable>(_ body: @Sendable (URL) async throws -> Result) async throws -> Result {
        try await LoopbackServer.serveOnFreePort({ application(onServerRunning: $0) }) { port in
            try await body(URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }

    // MARK: Answering

    func respond(to request: Request) async throws -> Response {
        let body = Array(buffer: try await request.body.collect(upTo: 16 * 1_048_576))
        let httpMethod = request.method.rawValue
        guard var key = ReplayKey(method: httpMethod, uriPath: request.uri.path, rawQuery: request.uri.query) else {
            return Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: "Not Found: only /api/ is served here\n")))
        }
        if let refusal = authenticate(request, key: key) { return refusal }
        // `ws_key` and `ps_method` steer the dispatcher; they are not part of what is matched.
        let method = key.query.last(where: { $0.name == "ps_method" })?.value.uppercased() ?? httpMethod
        key = ReplayKey(method: method, path: key.path, query: key.query.filter { $0.name != "ws_key" && $0.name != "ps_method" })
        let response = try await answer(key, body: body)
        await state.record(ReplayLoggedRequest(method: key.method, path: key.path, query: key.query, status: response.status.code))
        return response
    }

    private func answer(_ key: ReplayKey, body: [UInt8]) async throws -> Response {
        let method = key.method
        let isHead = method == "HEAD"
        let fault = await state.fault(for: key.path)
        if case .delay(let pause) = fault { try await Task.sleep(for: pause) }
        if let fault, let answer = faultAnswer(fault, key: key) { return answer }

        if let stub = await state.stubbed(ReplayKey(method: method, path: key.path, query: [])) {
            return answer(status: stub.status, headers: stub.headers, body: stub.body ?? [], head: isHead, fault: fault)
        }
        if let emulated = await state.emulate(method: method, path: key.path, query: key.query, body: body) {
            if case .lateWriteAnswer(let pause) = fault, method != "GET", method != "HEAD" { try await Task.sleep(for: pause) }
            return made(status: emulated.status, body: emulated.body, head: isHead, contentType: emulated.contentType)
        }
        if let recording = archive.recordings[key] {
            return answer(status: recording.status, headers: recording.headers, body: recording.body ?? [], head: isHead, fault: fault)
        }
        if let generated = await state.unrecordedRead(method: method, path: key.path, query: key.query) {
            return made(status: generated.status, body: generated.body, head: isHead)
        }
        logger.info("no recording", metadata: ["request": "\(key)"])
        return made(status: 404, body: ReplayXMLWriter.errors([(code: 87, message: "No recorded answer for \(key) in \(archive.name); ShopReplay makes up XML reads from its records and emulates writes, nothing else")]), head: isHead)
    }

    /// The dispatcher's key check (API-NOTES §2): the key is the Basic user name, or `ws_key`.
    private func authenticate(_ request: Request, key: ReplayKey) -> Response? {
        var given: String?
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces))
        {
            given = String(decoding: decoded, as: UTF8.self).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        }
        if given?.isEmpty ?? true { given = key.query.first { $0.name == "ws_key" }?.value }
        let challenge = "Basic realm=\"Welcome to PrestaShop Webservice, please enter the authentication key as the login. No password required.\""
        guard let given, !given.isEmpty else {
            var headers = baseHeaders(contentSHA1: nil)
            headers.append(HTTPField(name: .wwwAuthenticate, value: challenge))
            let text = key.method == "HEAD" ? "" : "401 Unauthorized"
            return Response(status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        guard !keys.contains(given) else { return nil }
        let (code, message) = given.count == 32 ? (20, "Authentification key is not active") : (18, "Invalid authentication key format")
        var response = made(status: 401, body: ReplayXMLWriter.errors([(code: code, message: message)]), head: key.method == "HEAD")
        response.headers.append(HTTPField(name: .wwwAuthenticate, value: challenge))
        return response
    }

    private func faultAnswer(_ fault: ReplayFault, key: ReplayKey) -> Response? {
        switch fault {
        case .delay, .lateWriteAnswer, .truncatedBody, .corruptedBody: return nil
        case .phpNotice:
            return made(status: 500, body: ReplayXMLWriter.errors([(code: 8, message: ReplayFault.phpNoticeMessage)]), head: false)
        case .serverErrorWithoutBody:
            return Response(status: .internalServerError, headers: baseHeaders(contentSHA1: nil), body: .init())
        case .htmlPage:
            var headers = HTTPFields()
            headers[.contentType] = "text/html; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: ReplayFault.htmlPageBody)))
        case .shopError(let status, let code, let message):
            return made(status: status, body: ReplayXMLWriter.errors([(code: code, message: message)]), head: false)
        }
    }

    /// A recorded (or stubbed) answer, as recorded, or spoiled by a body fault.
    private func answer(status: Int, headers: [(name: String, value: String)], body: [UInt8], head: Bool, fault: ReplayFault?) -> Response {
        var fields = HTTPFields()
        for header in headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        if head { return Response(status: .init(code: status), headers: fields, body: .init()) }
        switch fault {
        case .truncatedBody:
            fields[.contentLength] = String(body.count)
            let half = body.prefix(body.count / 2)
            return Response(status: .init(code: status), headers: fields, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: half))
                throw TruncatedOnPurpose()
            })
        case .corruptedBody where !body.isEmpty:
            var spoiled = body
            spoiled[spoiled.count / 2] ^= 0x20
            return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: spoiled)))
        default:
            return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }

    /// An answer the replay makes up (errors, emulated writes), with the headers the 1.6
    /// dispatcher sends (API-NOTES §4).
    private func made(status: Int, body: [UInt8], head: Bool, contentType: String? = nil) -> Response {
        var headers = baseHeaders(contentSHA1: body.isEmpty || contentType != nil ? nil : Self.sha1(body))
        if !body.isEmpty { headers[.contentType] = contentType ?? "text/xml;charset=utf-8" }
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: head ? [] : body)))
    }

    private func baseHeaders(contentSHA1: String?) -> HTTPFields {
        var headers = HTTPFields()
        if let name = HTTPField.Name("PSWS-Version") { headers[name] = archive.version }
        if let name = HTTPField.Name("X-Powered-By") { headers[name] = "PrestaShop Webservice" }
        if let contentSHA1, let name = HTTPField.Name("Content-Sha1") { headers[name] = contentSHA1 }
        return headers
    }

    static func sha1(_ bytes: [UInt8]) -> String {
        Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    private struct TruncatedOnPurpose: Error {}
}
