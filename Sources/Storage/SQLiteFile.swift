import Foundation
import GRDB

/// The one SQLite file every app keeps its tables in (`bottega.sqlite`). Every store takes the
/// `DatabaseWriter` this opens; none opens a file itself, so the CLI and `bottega serve` agree on
/// how the file is opened.
public enum SQLiteFile {
    /// How long a write waits for another process's write lock (a second CLI call, the web app)
    /// before it fails with "database is locked".
    public static let busyTimeout: TimeInterval = 10

    /// Opens the file at `path`, creating it if needed, as a WAL pool: readers see the last
    /// committed state while a write runs. GRDB enforces foreign keys by default.
    public static func open(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        return try DatabasePool(path: path, configuration: configuration)
    }
}
