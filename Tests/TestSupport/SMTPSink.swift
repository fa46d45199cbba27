import Foundation

/// A real SMTP server for the tests of every module that sends mail: aiosmtpd running `smtp_sink.py` on 127.0.0.1, a free port.
///
/// The interpreter is `$BOTTEGA_TEST_PYTHON` (made by `scripts/python-test-env`). Each accepted
/// message lands in `messages/` of a temporary folder, read back with ``message(_:)``.
// Unchecked: every stored property is set once in `init`; `stop()` only closes and waits.
public final class SMTPSink: @unchecked Sendable {
    /// The interpreter, when it is set and can import aiosmtpd.
    public static let python: String? = {
        guard let python = ProcessInfo.processInfo.environment["BOTTEGA_TEST_PYTHON"], !python.isEmpty,
            (try? run(python, ["-c", "import aiosmtpd"])) == 0
        else { return nil }
        return python
    }()

    public static let isAvailable = python != nil
    public static let skipReason =
        "needs BOTTEGA_TEST_PYTHON pointing at a Python with aiosmtpd: export BOTTEGA_TEST_PYTHON=\"$(scripts/python-test-env)\""

    public let port: Int
    public let folder: URL
    private let process: Process
    private let input: Pipe

    /// Starts the server with `smtp_sink.py`'s options (`--auth`, `--reject`, `--tls-cert`…).
    public init(_ options: [String] = []) throws {
        guard let python = Self.python else { throw SinkError("BOTTEGA_TEST_PYTHON lacks aiosmtpd") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("messages")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("smtp_sink.py")
        let log = folder.appendingPathComponent("server.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw SinkError("cannot create \(log.path)") }

        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, messages.path] + options
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()

        // The server prints "PORT n" once it listens; a server that never does is killed, which
        // ends the read below.
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        watchdog.cancel()
        guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            process.terminate()
            throw SinkError("smtp_sink.py did not start: \(text) \(errors)")
        }
        self.port = port
    }

    /// The `n`th message the server accepted (from 1), or `nil` if there is none.
    public func message(_ n: Int) throws -> ReceivedMessage? {
        let base = folder.appendingPathComponent("messages/\(n)")
        guard let json = FileManager.default.contents(atPath: base.path + ".json"),
            let raw = FileManager.default.contents(atPath: base.path + ".eml")
        else { return nil }
        var message = try JSONDecoder().decode(ReceivedMessage.self, from: json)
        message.raw = String(decoding: raw, as: UTF8.self)
        return message
    }

    /// How many messages arrived.
    public func messageCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("messages").path)
            .filter { $0.hasSuffix(".json") }.count
    }

    /// Stops the server (closing its stdin ends it) and removes the folder.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a program to its end and returns its exit status.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A message as `smtp_sink.py` stored it: the envelope, Python's parse of it, and the raw text.
public struct ReceivedMessage: Decodable, Sendable {
    public struct Part: Decodable, Sendable {
        public var type: String
        public var filename: String?
        public var content_base64: String
        public var defects: [String]
        public var content: [UInt8] { Array(Data(base64Encoded: content_base64) ?? Data()) }
    }

    public var mail_from: String
    public var rcpt_tos: [String]
    public var authenticated: Bool?
    public var tls: Bool
    public var subject: String
    public var defects: [String]
    public var parts: [Part]
    public var raw = ""

    enum CodingKeys: String, CodingKey {
        case mail_from, rcpt_tos, authenticated, tls, subject, defects, parts
    }
}

public struct SinkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

