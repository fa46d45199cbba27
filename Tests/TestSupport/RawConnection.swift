import Foundation
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP client on 127.0.0.1, blocking, for saying exactly what a careless client says.
public final class RawConnection: Sendable {
    public let descriptor: Int32

    public init(port: Int) throws {
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

    public func close() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #endif
    }

    public struct Answer: Sendable {
        public let text: String
        public let closedByServer: Bool
        /// From the request sent to the close (or the wait's end), measured on the thread that
        /// waited: the wait for a pool thread, long when the whole suite runs, is not counted.
        public let openFor: Duration
    }

    /// Sends `text`, then reads until the server closes or `seconds` pass; off the cooperative
    /// threads, which the server under test needs.
    public static func exchange(port: Int, send text: String, waitUpTo seconds: Int) async throws -> Answer {
        try await NIOThreadPool.singleton.runIfActive {
            let connection = try RawConnection(port: port)
            defer { connection.close() }
            return connection.exchange(text, seconds: seconds)
        }
    }

    /// Sends `text`, then reads until the server closes or `seconds` pass, blocking the caller.
    public func exchange(_ text: String, seconds: Int) -> Answer {
        #if canImport(Glibc)
        let started = ContinuousClock.now
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
            return Answer(text: String(decoding: received, as: UTF8.self), closedByServer: closed, openFor: ContinuousClock.now - started)
        }
        #else
        return Answer(text: "", closedByServer: false, openFor: .zero)
        #endif
    }
}
