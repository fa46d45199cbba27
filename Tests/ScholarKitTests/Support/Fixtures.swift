import Foundation
import Testing
import TestSupport

/// The shared real-world fixtures (``SharedFixtures``), with ScholarKit's shortcuts.
enum Fixtures {
    static let root: URL = SharedFixtures.root

    static var available: Bool { SharedFixtures.enabled() }

    /// Skips a test, with a message saying why, when the fixtures folder is absent (not under CI).
    static let required = ConditionTrait.enabled(if: available, Comment(rawValue: SharedFixtures.skipMessage()))

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }

    static func exports(_ name: String) -> URL { url("scholar/exports/\(name)") }
}
