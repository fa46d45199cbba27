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
}
