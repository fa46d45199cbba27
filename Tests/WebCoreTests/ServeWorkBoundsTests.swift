@testable import WebCore
import WebTestSupport
@testable import BottegaWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import Raster
import Testing

/// Issue 19's costly requests: photos bounded in pixels and time, password checks and decodes on
/// a bounded pool that answers 503 when full, and every refusal logged by route without its body.
struct ServeWorkBoundsTests {
    /// A white square as a PNG: tiny on the wire, `side²` pixels to decode.
    static func whitePNG(side: Int) throws -> [UInt8] {
        try PNG.encode(RGBAImage(width: side, height: side, fill: .white))
    }

    /// A PNG whose header says `width × height` (the pixels after it are a 1 × 1 image's): what
    /// a decoder that trusts headers would allocate for.
    static func pngClaiming(width: Int, height: Int) throws -> [UInt8] {
        var png = try whitePNG(side: 1)
        // IHDR's data starts at byte 16 (signature 8, length 4, type 4); its CRC covers type and data.
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { png[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        let crc = crc32(png[12..<29])
        for index in 0..<4 { png[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        return png
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Was 59 s of CPU for a 62 KB file.
    @Test func aHugeBlankPNGIsRefusedBeforeDecoding() async throws {
        let png = try Self.pngClaiming(width: 7000, height: 7000)
        try await withBottegaApp { client, _ in
            let api = try await client.execute(uri: "/api/barcodes/scan", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: png))
            #expect(api.status == .contentTooLarge)
            #expect(try apiErrorCode(api) == "too_many_pixels")
            let (headers, body) = multipartBody(field: "image", filename: "white.png", bytes: png)
            let screen = try await client.execute(uri: "/barcodes/scan", method: .post, headers: headers, body: body)
            #expect(screen.status == .contentTooLarge)
        }
    }

    @Test func aDecodeOverItsTimeBudgetStopsWith422() async throws {
        let png = try Self.whitePNG(side: 1500)
        try await PhotoDecoding.$timeBudget.withValue(.milliseconds(1)) {
            try await withBottegaApp { client, _ in
                let api = try await client.execute(uri: "/api/barcodes/scan", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: png))
                #expect(api.status == .unprocessableContent)
                #expect(try apiErrorCode(api) == "took_too_long")
                let verify = try await client.execute(uri: "/api/tickets/verify", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: png))
                #expect(verify.status == .unprocessableContent)
                #expect(try apiErrorCode(verify) == "took_too_long")
            }
        }
    }

    @Test func aFullQueueIsRefusedAtOnceAndFreedAfterwards() async throws {
        let work = SlowWork(queueLimit: 1)
        let gate = Gate()
        let running = Task { try await work.run { gate.wait(); return 7 } }
        while !gate.isWaiting { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: SlowWork.Busy.self) { try await work.run { 1 } }
        gate.open()
        #expect(try await running.value == 7)
        #expect(try await work.run { 2 } == 2)
    }

    @Test func aBusyServerAnswers503WithRetryAfter() async throws {
        let png = try Self.whitePNG(side: 2000)
        try await withBottegaApp(configuration: WebConfiguration(slowWorkQueueLimit: 1)) { client, _ in
            // Three slow decodes (about a second each in a debug build) and three log-ins at once,
            // with room for one piece of work: whichever is admitted first, the others arrive
            // while a decode holds the place, and are refused rather than queued.
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await client.execute(uri: "/api/barcodes/scan", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(bytes: png))
                    }
                    group.addTask {
                        try await client.execute(
                            uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "nobody", "password": "wrong-password"]))
                    }
                }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            let refused = answers.filter { $0.status == .serviceUnavailable }
            #expect(refused.count >= 2, "\(answers.map(\.status))")
            for busy in refused {
                #expect(busy.headers[.retryAfter] == "1")
                #expect(try apiErrorCode(busy) == "busy")
            }
            // The others: a blank image holds no code (422), a wrong password is 401.
            #expect(answers.allSatisfy { [.serviceUnavailable, .unprocessableContent, .unauthorized].contains($0.status) })
            let after = try await client.execute(
                uri: "/api/barcodes/session", method: .post, headers: .json(), body: jsonBody(["nickname": "nobody", "password": "wrong-password"]))
            #expect(after.status == .unauthorized)
        }
    }

    @Test func refusalsAreLoggedByRouteWithoutBodyOrSecrets() async throws {
        let lines = LogLines()
        let logger = Logger(label: "bottega-test") { _ in lines.handler }
        try await withBottegaApp(live: true, logger: logger) { client, _ in
            _ = try await client.execute(uri: "/api/tickets/provinces/ZZ", method: .get)
            _ = try await client.execute(uri: "/orders/business/sottoscrizione/check/codice/ACME/username/u/password/hunter2-secret", method: .post)
            _ = try await client.execute(uri: "/api/barcodes/session", method: .post, headers: .json(), body: ByteBuffer(string: #"{"nickname":"x","password":"body-secret"}"#))
        }
        let logged = lines.all.joined(separator: "\n")
        #expect(logged.contains("GET /api/tickets/provinces/{code} → 404"), "\(logged)")
        #expect(logged.contains("POST /api/barcodes/session → 401"), "\(logged)")
        #expect(logged.contains("→ 405"), "\(logged)")
        #expect(!logged.contains("hunter2-secret"))
        #expect(!logged.contains("body-secret"))
    }
}

/// A blocking gate for work on the pool's threads (which are not Swift tasks).
final class Gate: Sendable {
    private let condition = NIOLockedValueBox((waiting: false, open: false))
    var isWaiting: Bool { condition.withLockedValue { $0.waiting } }
    func wait() {
        condition.withLockedValue { $0.waiting = true }
        while !condition.withLockedValue({ $0.open }) { usleep(1_000) }
    }
    func open() { condition.withLockedValue { $0.open = true } }
}

/// Every line logged, for checking what a server writes.
final class LogLines: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var all: [String] { lines.withLockedValue { $0 } }

    var handler: some LogHandler { Handler(lines: self) }

    func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
            let all = self.metadata.merging(metadata ?? [:]) { $1 }
            lines.append("\(level) \(message) \(all)")
        }
    }
}
