import Foundation
import Testing

/// The shared real-world fixtures (`../shared/fixtures` next to the package root).
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // ScholarKitTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("../shared/fixtures")
        .standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Skips a test, with a message saying why, when the fixtures folder is absent.
    static let required = ConditionTrait.enabled(if: available, "../shared/fixtures is absent: real-file tests skipped")

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }

    static func exports(_ name: String) -> URL { url("scholar/exports/\(name)") }
}
