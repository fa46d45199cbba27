@testable import WebCore
import WebTestSupport
import BottegaWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOPosix
import Testing
import TestSupport
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
            // The default read timeout is 10 s: closing well before it shows the configured 400 ms
            // was applied. The time is the connection's own, not the wait for a test thread.
            let answer = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow", waitUpTo: 9)
            #expect(answer.closedByServer, "the half-header connection was still open after 9 s")
            #expect(answer.openFor >= .milliseconds(350) && answer.openFor < .seconds(6), "closed after \(answer.openFor)")
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
            // The server counts a connection gone when its event loop sees the close, which under
            // the whole suite's load can take longer than any fixed pause (CI once saw 200 ms too
            // short): the limit must free up, so ask until it has, for at most 10 s.
            var served = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", waitUpTo: 5)
            for _ in 0..<50 where !served.text.hasPrefix("HTTP/1.1 200") {
                try await Task.sleep(for: .milliseconds(200))
                served = try await RawConnection.exchange(port: port, send: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", waitUpTo: 5)
            }
            #expect(served.text.hasPrefix("HTTP/1.1 200"), "\(served.text.prefix(200))")
        }
    }
}
