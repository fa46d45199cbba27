import ArgumentParser
import Credentials
import Foundation
import ScholarKit
import Storage

/// Where the stored searches live: `--db`, else `$BOTTEGA_DB`, else `./bottega.sqlite`.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The SQLite database file (default: $BOTTEGA_DB, else ./bottega.sqlite).")
    var database: String?

    @Option(help: "The file of the keys that sign tickets and seal company passwords, kept out of the database (default: $BOTTEGA_KEY_FILE, else the database's path + .keys).")
    var keyFile: String?

    var path: String {
        database ?? ProcessInfo.processInfo.environment["BOTTEGA_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? "bottega.sqlite"
    }

    var keyFilePath: String {
        keyFile ?? ProcessInfo.processInfo.environment["BOTTEGA_KEY_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? path + ".keys"
    }

    /// The key file, created (0600) on first use.
    func openKeys() throws -> KeyFile {
        do {
            return try KeyFile.open(path: keyFilePath)
        } catch {
            throw CommandFailure(error.localizedDescription)
        }
    }

    /// Cached searches live as long as cached pages: `$BOTTEGA_CACHE_MAX_AGE_HOURS`, 12 by default.
    var cacheAge: TimeInterval {
        ProcessInfo.processInfo.environment["BOTTEGA_CACHE_MAX_AGE_HOURS"].flatMap(Double.init).map { max(0, $0) * 3_600 }
            ?? ScholarWorkspace.defaultCacheAge
    }

    /// Opens the database and deletes the cached searches past their age.
    func open() throws -> ScholarWorkspace {
        do {
            let workspace = try ScholarWorkspace(database: try SQLiteFile.open(path: path), cacheAge: cacheAge)
            try workspace.deleteExpired()
            return workspace
        } catch {
            throw CommandFailure("cannot open the database \(path): \(error.localizedDescription)")
        }
    }
}

/// `--format text|json`, which every workspace command takes.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// JSON as the CLI prints it: pretty, keys sorted, dates in ISO 8601.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// A search id argument: `#12` or `12`.
struct SearchID: ExpressibleByArgument {
    let value: Int64
    init?(argument: String) {
        guard let value = Int64(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument), value > 0 else { return nil }
        self.value = value
    }
    static var defaultValueDescription: String { "a search id from `bottega scholar history`" }
}

/// A failure while running a command, as opposed to a usage mistake: ArgumentParser prints
/// the message without the usage text, and the exit status is 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
