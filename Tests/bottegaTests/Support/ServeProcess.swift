import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real `bottega serve` on a free port of 127.0.0.1 with a scratch database, for what only the
/// command line decides (flags, modes); stopped by ``stop()``.
final class ServeProcess {
    let process = Process()
    let port: Int
    let folder: TemporaryFolder
    private let errors = Pipe()

    /// Starts `bottega serve --host 127.0.0.1 --port P` plus `arguments`, and waits (up to 60 s)
    /// for its start-up line; the line is ``startLine``.
    init(_ arguments: [String]) throws {
        folder = try TemporaryFolder()
        port = try Self.freePort()
        process.executableURL = CommandLineRun.productsDirectory.appendingPathComponent("bottega")
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--db", folder.path("bottega.sqlite")] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["BOTTEGA_CACHE_DIR": folder.path("cache"), "SMTP_URL": "", "DATABASE_URL": ""]) { $1 }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// Reads stderr until the "Bottega on" line (or the process ends): that line.
    func startLine() -> String {
        var text = ""
        let handle = errors.fileHandleForReading
        while !text.contains("Bottega on") {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text.split(separator: "\n").first { $0.contains("Bottega on") }.map(String.init) ?? text
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Sends `request` as it is, and answers everything the server wrote until it closed. The
    /// start-up line comes just before the server binds: a refused connection is tried again for
    /// up to 30 s.
    func exchange(_ request: String) throws -> String {
        for _ in 0..<300 {
            if let answer = try? exchangeOnce(request) { return answer }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try exchangeOnce(request)
    }

    private func exchangeOnce(_ request: String) throws -> String {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        return connection.exchange(request, seconds: 20).text
    }

    static func freePort() throws -> Int {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { _ = close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
        #else
        throw POSIXError(.ENOTSUP)
        #endif
    }
}
