import Foundation
import TestSupport

/// A self-signed certificate for 127.0.0.1 made by the openssl command, for the TLS tests.
struct TestCertificate {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let certificate: String
    let key: String

    init(in folder: URL) throws {
        guard let openssl = Self.openssl else { throw SinkError("no openssl command") }
        certificate = folder.appendingPathComponent("cert.pem").path
        key = folder.appendingPathComponent("key.pem").path
        let status = try SMTPSink.run(openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", key, "-out", certificate,
        ])
        guard status == 0 else { throw SinkError("openssl req failed with \(status)") }
    }
}
