import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that refuses every connection until `close()`.
///
/// The socket is bound but never listens, so Linux answers a connect with RST (ECONNREFUSED),
/// and no other test's server can take the port meanwhile. A port that was closed a moment
/// ago is not the same: a server started in parallel may be given it, and the "refused"
/// connection then reaches that server.
public final class RefusingPort: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            _ = Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        #else
        throw POSIXError(.ENOTSUP)
        #endif
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Frees the port; call it in a `defer`, which also keeps the port held until then.
    public func close() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #endif
    }
}
