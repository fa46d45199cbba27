import Foundation
import Testing

/// A throwaway database and the `bottega` runs that use it, for the workspace command suites.
struct WorkspaceSession {
    let folder: TemporaryFolder
    let environment: [String: String]

    init() throws {
        folder = try TemporaryFolder()
        environment = ["BOTTEGA_DB": folder.path("bottega.sqlite")]
    }

    func bottega(_ arguments: String...) throws -> CommandLineRun {
        try CommandLineRun.bottega(arguments: arguments, environment: environment)
    }

    /// The run's standard output as a JSON object, after checking it succeeded.
    func json(_ run: CommandLineRun) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    /// Imports a publication file as a saved search and returns its id.
    func importFile(_ path: String) throws -> Int {
        try #require(try json(try bottega("scholar", "import", path, "--format", "json"))["id"] as? Int)
    }
}
