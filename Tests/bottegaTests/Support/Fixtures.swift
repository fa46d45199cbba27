import Foundation
import Testing

/// The shared real-world fixtures (`../shared/fixtures` next to the package root).
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // bottegaTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("../shared/fixtures")
        .standardizedFileURL

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Skips a test, with a message saying why, when the fixtures folder is absent.
    static let required = ConditionTrait.enabled(if: available, "../shared/fixtures is absent: real-file tests skipped")

    static func export(_ name: String) -> String { root.appendingPathComponent("scholar/exports/\(name)").path }

    static func barcode(_ name: String) -> String { root.appendingPathComponent("barcodes/\(name)").path }

    /// Every real export, with the number of publications SOURCES.md says it holds.
    static let exports: [(file: String, papers: Int)] = [
        ("pop-gscholar-waldo-tobler-PoPCites.csv", 829),
        ("pop-gscholar-mvvm-2024-01-20.csv", 38),
        ("zotero-waldo-tobler.csv", 330),
        ("scopus-waldo-tobler.ris", 81),
        ("wos-propithecus-coquereli-savedrecs.bib", 92),
        ("pop-gscholar-json-microsourcing.json", 7),
    ]
}
