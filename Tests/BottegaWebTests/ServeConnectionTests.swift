import BottegaWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOPosix
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 19's connection probes against a real socket: a client that sends half a request head,
/// or nothing, is closed after the read timeout; past the connection limit a new connection is
/// told so (503) at once instead of waiting in the backlog.
struct ServeConnectionTests {
    @Test func halfAHeaderIsClosedAfterTheReadTimeout() async throws {
        try await withBottegaApp(live: true, configuration: WebConfiguration(readTimeout: .milliseconds(400))) { client, _ in
            let port = try #require(client.port)
            let started = ContinuousClock.now
            let answer = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow", waitUpTo: 5)
            let elapsed = ContinuousClock.now - started
            #expect(answer.closedByServer, "the half-header connection was still open after 5 s")
            #expect(elapsed >= .milliseconds(350) && elapsed < .seconds(4), "closed after \(elapsed)")
            let silent = try await RawConnection.exchange(port: port, send: "", waitUpTo: 5)
            #expect(silent.closedByServer)
        }
    }

    @Test func pastTheConnectionLimitANewConnectionIsRefusedWith503() async throws {
        try await withBottegaApp(live: true, configuration: WebConfiguration(readTimeout: .seconds(30), maximumConnections: 3)) { client, _ in
            let port = try #require(client.port)
            let held = try (0..<3).map { _ in try RawConnection(port: port) }
            try await Task.sleep(for: .milliseconds(200))
            let refused = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", waitUpTo: 5)
            #expect(refused.text.hasPrefix("HTTP/1.1 503"), "\(refused.text)")
            #expect(refused.text.contains("Retry-After: 5"))
            #expect(refused.text.contains("too_many_connections"))
            held.forEach { $0.close() }
            try await Task.sleep(for: .milliseconds(200))
            let served = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", waitUpTo: 5)
            #expect(served.text.hasPrefix("HTTP/1.1 200"), "\(served.text.prefix(200))")
        }
    }
}

/// A plain TCP client on 127.0.0.1, blocking, for saying exactly what a careless client says.
final class RawConnection: Sendable {
    let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, status == 0 else { throw POSIXError(.ECONNREFUSED) }
        #else
        throw POSIXError(.ENOTSUP)
        #endif
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #endif
    }

    struct Answer: Sendable {
        let text: String
        let closedByServer: Bool
    }

    /// Sends `text`, then reads until the server closes or `seconds` pass; off the cooperative
    /// threads, which the server under test needs.
    static func exchange(port: Int, send text: String, waitUpTo seconds: Int) async throws -> Answer {
        try await NIOThreadPool.singleton.runIfActive {
            let connection = try RawConnection(port: port)
            defer { connection.close() }
            return connection.exchange(text, seconds: seconds)
        }
    }

    private func exchange(_ text: String, seconds: Int) -> Answer {
        #if canImport(Glibc)
        if !text.isEmpty { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.send(descriptor, $0.baseAddress, $0.count - 1, 0) } }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            // 0: the server closed; -1: the timeout passed (or a reset, which is a close too).
            let closed = count == 0 || errno == ECONNRESET
            return Answer(text: String(decoding: received, as: UTF8.self), closedByServer: closed)
        }
        #else
        return Answer(text: "", closedByServer: false)
        #endif
    }
}
