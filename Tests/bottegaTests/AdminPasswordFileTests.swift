import Foundation
import Testing

/// Issue 23: admin passwords were flags, which every user of the machine sees in `ps`. They are
/// read from a file (or the environment) now.
@Suite struct AdminPasswordFileTests {
    @Test func thePasswordFlagsAreGone() throws {
        for flag in ["--tickets-admin-password", "--orders-admin-password"] {
            let run = try CommandLineRun.bottega("serve", "--port", "0", flag, "secret")
            #expect(run.status != 0)
            #expect(run.standardError.contains("Unknown option '\(flag)'"), "\(run.standardError)")
        }
    }

    @Test func anUnreadableOrEmptyPasswordFileIsAClearUsageError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("admin-password-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try CommandLineRun.bottega("serve", "--port", "0", "--tickets-admin-password-file", folder.appendingPathComponent("none").path)
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("--tickets-admin-password-file") && missing.standardError.contains("cannot be read"), "\(missing.standardError)")
        let empty = folder.appendingPathComponent("empty")
        FileManager.default.createFile(atPath: empty.path, contents: Data("\n".utf8))
        let run = try CommandLineRun.bottega("serve", "--port", "0", "--orders-admin-password-file", empty.path)
        #expect(run.status != 0)
        #expect(run.standardError.contains("is empty: put the password on its first line"), "\(run.standardError)")
    }
}
