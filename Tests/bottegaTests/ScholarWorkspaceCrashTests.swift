import Foundation
import GRDB
import ScholarKit
import Storage
import Testing

/// A process killed in the middle of a write leaves a database that opens, passes SQLite's
/// integrity check and holds everything committed before the kill.
@Suite struct ScholarWorkspaceCrashTests {
    @Test func test_killingAnImportMidWriteLosesNothingCommitted() async throws {
        let folder = try TemporaryFolder()
        let database = folder.path("bottega.sqlite")
        let environment = ["BOTTEGA_DB": database]
        let small = try folder.write("small.csv", "Cites,Authors,Title,Year\n7,\"A Author\",\"Committed before the crash\",2001\n3,\"A Author\",\"Also committed\",2002\n")
        let first = try CommandLineRun.bottega(arguments: ["scholar", "import", small], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")

        var rows = "Cites,Authors,Title,Year\n"
        for index in 0..<60_000 { rows += "\(index % 50),\"B Author\",\"Paper number \(index)\",\(1990 + index % 30)\n" }
        let large = try folder.write("large.csv", rows)

        let process = Process()
        process.executableURL = CommandLineRun.productsDirectory.appendingPathComponent("bottega")
        process.arguments = ["scholar", "import", large]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let log = folder.path("import.log")
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        let killedMidWrite = await Self.killWhenTheTransactionIsUnderWay(process, wal: database + "-wal")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(killedMidWrite, "the import ended (status \(process.terminationStatus)) before it could be killed mid-write: \(output)")

        let workspace = try ScholarWorkspace(database: try SQLiteFile.open(path: database))
        let integrity = try await workspace.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
        let history = try workspace.history()
        let survivor = try #require(history.first { $0.label == "small.csv" })
        #expect(survivor.publicationCount == 2)
        // The killed import is either absent or whole, never partial.
        #expect(history.allSatisfy { $0.label == "small.csv" || $0.publicationCount == 60_000 })
        #expect(try workspace.open(survivor.id, options: MetricsOptions(referenceYear: 2024)).report.metrics.citations == 10)
    }

    /// Kills `process` once the write-ahead log shows its big transaction under way. The watch
    /// runs on its own thread: the test pool's few threads may be busy with other tests, and
    /// a late look would miss the write.
    static func killWhenTheTransactionIsUnderWay(_ process: Process, wal: String) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(120)
                var killed = false
                while process.isRunning, Date() < deadline {
                    let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? NSNumber)?.intValue ?? 0
                    if size > 300_000 {
                        kill(process.processIdentifier, SIGKILL)
                        killed = true
                        break
                    }
                    usleep(1_000)
                }
                process.waitUntilExit()
                continuation.resume(returning: killed)
            }
        }
    }
}
