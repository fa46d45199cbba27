import Foundation
import GRDB

/// The one SQLite file every app keeps its tables in (`bottega.sqlite`). Every store takes the
/// `DatabaseWriter` this opens; none opens a file itself, so the CLI and `bottega serve` agree on
/// how the file is opened.
public enum SQLiteFile {
    /// How long a write waits for another process's write lock (a second CLI call, the web app)
    /// before it fails with "database is locked".
    public static let busyTimeout: TimeInterval = 10

    /// Who may read the file: its owner only. It holds password hashes, sessions and the
    /// company link, so other accounts on the machine must not read it.
    public static let permissions: Int16 = 0o600

    /// Opens the file at `path`, creating it if needed, as a WAL pool: readers see the last
    /// committed state while a write runs. GRDB enforces foreign keys by default. The file and its
    /// `-wal` and `-shm` companions are readable by their owner only (SQLite gives the companions
    /// the main file's mode; an older, wider file is narrowed).
    public static func open(path: String) throws -> DatabasePool {
        let files = FileManager.default
        if !files.fileExists(atPath: path) {
            files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: permissions])
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        let pool = try DatabasePool(path: path, configuration: configuration)
        for file in [path, path + "-wal", path + "-shm"] where files.fileExists(atPath: file) {
            try? files.setAttributes([.posixPermissions: permissions], ofItemAtPath: file)
        }
        return pool
    }
}
