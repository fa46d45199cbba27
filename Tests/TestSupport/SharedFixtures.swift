import Foundation

/// The real third-party data in `../shared/fixtures` beside the package root, for every test
/// target. A test that reads it is skipped, saying why, where the folder is absent; under
/// `CI=true` it runs anyway and fails on the missing file, so CI never passes by skipping.
public enum SharedFixtures {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("../shared/fixtures")
        .standardizedFileURL

    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether `relativePath` (the whole folder when empty) is there.
    public static func exists(_ relativePath: String = "") -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    /// Whether the tests that read `relativePath` run: when it is there, and always under CI.
    public static func enabled(_ relativePath: String = "") -> Bool { isCI || exists(relativePath) }

    /// What a skipped test says.
    public static func skipMessage(_ relativePath: String = "") -> String {
        let place = relativePath.isEmpty ? "../shared/fixtures" : "../shared/fixtures/\(relativePath)"
        return "\(place) is absent: the tests on real data are skipped (under CI=true they fail instead)"
    }

    public static func url(_ relativePath: String) -> URL {
        relativePath.isEmpty ? root : root.appendingPathComponent(relativePath)
    }

    public static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }

    public static func bytes(_ relativePath: String) throws -> [UInt8] { [UInt8](try data(relativePath)) }

    public static func text(_ relativePath: String) throws -> String { try String(contentsOf: url(relativePath), encoding: .utf8) }
}
