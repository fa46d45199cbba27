import Foundation

/// Real answers of the bibliographic services found in public repositories' test data
/// (`Tests/Recorded/<service>/`, each file's origin in `Tests/Recorded/SOURCES.md`): ours, kept
/// in the repository, unlike `../shared/fixtures`.
public enum RecordedAnswers {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .appendingPathComponent("Recorded")

    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    public static func bytes(_ relativePath: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(relativePath))) }
}
