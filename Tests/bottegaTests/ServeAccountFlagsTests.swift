import Foundation
import Testing

/// Issue 23: `--single-user` (acting for the first account without a log-in) is for a loopback
/// address only; `--public-url` must be an address browsers can use.
@Suite struct ServeAccountFlagsTests {
    @Test func singleUserIsRefusedOnAnAddressOtherMachinesReach() throws {
        let run = try CommandLineRun.bottega("serve", "--host", "0.0.0.0", "--port", "0", "--single-user")
        #expect(run.status != 0)
        #expect(run.standardError.contains("--single-user is for a loopback address"), "\(run.standardError)")
    }

    @Test func aPublicURLThatIsNoWebAddressIsAUsageError() throws {
        for bad in ["bottega.example.com", "ftp://bottega.example.com", "https://"] {
            let run = try CommandLineRun.bottega("serve", "--port", "0", "--public-url", bad)
            #expect(run.status != 0, "\(bad)")
            #expect(run.standardError.contains("--public-url"), "\(bad): \(run.standardError)")
        }
    }

    @Test func singleUserIsRefusedWithAPublicURL() throws {
        let run = try CommandLineRun.bottega("serve", "--port", "0", "--public-url", "https://bottega.example.com", "--single-user")
        #expect(run.status != 0)
        #expect(run.standardError.contains("--single-user cannot go with --public-url"), "\(run.standardError)")
    }

    @Test func aTrustedProxyOrAllowedHostThatIsNoAddressIsAUsageError() throws {
        let proxy = try CommandLineRun.bottega("serve", "--port", "0", "--trusted-proxy", "proxy.example")
        #expect(proxy.status != 0 && proxy.standardError.contains("--trusted-proxy proxy.example is not an IP address"), "\(proxy.standardError)")
        let host = try CommandLineRun.bottega("serve", "--port", "0", "--allowed-host", "http://bottega.local:8080")
        #expect(host.status != 0 && host.standardError.contains("--allowed-host"), "\(host.standardError)")
    }

    /// Issue 36: behind the README's own TLS proxy everyone was the owner: `serve --public-url
    /// https://…` on 127.0.0.1 stayed single user, and this answered the owner's searches.
    @Test func aPublicURLMeansEveryoneLogsIn() throws {
        let server = try ServeProcess(["--public-url", "https://bottega.example.com"])
        defer { server.stop() }
        let line = server.startLine()
        #expect(line.contains("everyone logs in: --public-url implies --no-single-user"), "\(line)")
        let answer = try server.exchange(
            "GET /api/scholar/searches HTTP/1.1\r\nHost: bottega.example.com\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 401"), "\(answer.prefix(300))")
        #expect(answer.contains("login_required"))
        // And the rebinding request of the same issue, on the real server.
        let rebound = try server.exchange("GET /api/scholar/searches HTTP/1.1\r\nHost: a.example:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(rebound.hasPrefix("HTTP/1.1 421"), "\(rebound.prefix(300))")
    }
}
